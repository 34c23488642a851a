import { createCollections, type MpesaCollections } from './collections';
import { createDarajaClient } from './daraja';
import { createPayouts, type MpesaPayouts } from './payouts';
import { resolveSettings, type MpesaSettings } from './settings';

/**
 * M-Pesa through Safaricom Daraja: STK Push collections and B2C payouts, sharing one OAuth token (a new
 * token invalidates the previous one, so two clients with the same keys must not run side by side).
 */
export function createMpesa(settings: MpesaSettings): {
  collections: MpesaCollections | null;
  payouts: MpesaPayouts | null;
} {
  const resolved = resolveSettings(settings);
  const client = createDarajaClient(resolved);
  return { collections: createCollections(client, resolved), payouts: createPayouts(client, resolved) };
}

export { readStkCallback, type MpesaCollections, type MpesaPaymentQuery, type StkCallback } from './collections';
export { readPayoutResult, readPayoutStatusResult, type PayoutResult } from './payout-results';
export { B2C_MINIMUM_SHILLINGS, type MpesaPayouts, type StatusRequest } from './payouts';
export { B2C_RESULT_CODES, STK_RESULT_CODES, STK_STILL_PROCESSING } from './result-codes';
export {
  DARAJA_PRODUCTION_URL,
  type DarajaToken,
  type DarajaTokenStore,
  type B2cCommand,
  type MpesaSettings,
  type StkTransactionType,
} from './settings';
export { wholeShillings } from './format';
export { darajaTimestamp, stkPassword, DARAJA_PATHS } from './daraja';
