import type { DashboardAction } from '../perform';

/** The team (invite, change a role, remove) and the person's own sessions. */
export const TEAM_ACTIONS = {} satisfies Record<string, DashboardAction<never, unknown>>;
