import type { ActionCase } from './world';

export const TEAM_CASES = {} satisfies Record<string, ActionCase>;
