import type { ActionCase } from './world';

export const MONEY_OUT_CASES = {} satisfies Record<string, ActionCase>;
