import type { DashboardAction } from '../perform';

/** Withdrawals, payouts and payment accounts from the dashboard. */
export const MONEY_OUT_ACTIONS = {} satisfies Record<string, DashboardAction<never, unknown>>;
