/**
 * A checkout made by hand in the dashboard lives 7 days unless the form says otherwise: it is sent
 * by a person, by mail or chat, and read when the customer gets to it (the API's default stays
 * DEFAULT_CHECKOUT_LIFETIME_MINUTES, for a server that sends its customer straight to the page).
 * Kept apart from the actions: the form (a client component) reads it too.
 */
export const DASHBOARD_CHECKOUT_LIFETIME_MINUTES = 10080;

/** The lifetimes the form offers, in minutes: an hour, a day, three days, seven days. */
export const DASHBOARD_CHECKOUT_LIFETIMES = [60, 1440, 4320, DASHBOARD_CHECKOUT_LIFETIME_MINUTES] as const;
