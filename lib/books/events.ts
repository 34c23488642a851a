import type { CheckoutRefunded } from './customer-transactions/contract';
import type { Conversion } from './conversion/contract';
import type { SettlementBatch } from './settlement/contract';
import type { Wallet } from './wallets/contract';

/** The data of the events the books write. */
declare module '../notifications/events/catalog' {
  interface EventData {
    'checkout.refunded': CheckoutRefunded;
    'settlement.completed': SettlementBatch;
    'conversion.completed': Conversion;
    'wallet.status_changed': Wallet;
    'wallet.updated': Wallet;
  }
}
