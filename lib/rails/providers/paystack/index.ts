import type { BankTransferProvider, PayoutProvider } from '../types';
import { createClient, type PaystackSettings } from './client';
import { collectionsOf } from './collections';
import { notificationsOf } from './notifications';
import { transfersOf } from './transfers';

export type { PaystackSettings } from './client';
export { PAYSTACK_BASE_URL } from './client';
export { PAY_WITH_TRANSFER_CURRENCIES } from './collections';
export { PAYOUT_CURRENCIES, paystackMobileMoneyProblem } from './transfers';
export { readPaystackEvent, type PaystackEvent } from './notifications';

export type Paystack = BankTransferProvider & PayoutProvider;

/**
 * The Paystack rail: collections by Pay with Transfer, payouts by transfers, and its signed webhooks.
 * Settings are given, never read from the environment; the secret key never appears in an answer.
 */
export function createPaystack(settings: PaystackSettings): Paystack {
  const client = createClient(settings);
  return {
    name: 'paystack',
    ...collectionsOf(client),
    ...notificationsOf(client),
    ...transfersOf(client),
  };
}
