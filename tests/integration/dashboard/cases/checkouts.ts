import type { ActionCase } from './world';

export const CHECKOUT_CASES = {} satisfies Record<string, ActionCase>;
