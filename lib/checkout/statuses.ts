/** Statuses from which a checkout can still expire (a payment in flight, `processing`, cannot). */
export const EXPIRABLE_STATUSES = ['pending', 'awaiting_payment_initiation', 'failed', 'timeout'] as const;
