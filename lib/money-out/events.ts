import type { PaymentAccount } from './payment-accounts/contract';
import type { Payout, Withdrawal } from './contract';

/** The data of the money-out events: account numbers masked (`******6789`), as in lists. */
declare module '../notifications/events/catalog' {
  interface EventData {
    'payment_account.created': PaymentAccount;
    'payment_account.updated': PaymentAccount;
    'payment_account.deleted': PaymentAccount;
    'withdrawal.created': Withdrawal;
    'withdrawal.processing': Withdrawal;
    'withdrawal.completed': Withdrawal;
    'withdrawal.failed': Withdrawal;
    'withdrawal.cancelled': Withdrawal;
    'withdrawal.reversed': Withdrawal;
    'payout.created': Payout;
    'payout.processing': Payout;
    'payout.completed': Payout;
    'payout.failed': Payout;
    'payout.cancelled': Payout;
    'payout.reversed': Payout;
  }
}
