import type { DashboardAction } from '../perform';

/** Checkouts from the dashboard (create a payment link, cancel). */
export const CHECKOUT_ACTIONS = {} satisfies Record<string, DashboardAction<never, unknown>>;
