import { config } from '../platform/config';
import { payoutStatusUrl } from './callback-address';
import { createMpesa } from './providers/mpesa';
import { railTokenStore } from './rail-tokens';

let mpesa: { key: string; rail: ReturnType<typeof createMpesa> } | undefined;

/**
 * The one Daraja client of this process, for STK Push and B2C alike: each new Daraja token invalidates
 * the previous one, so two clients with the same app keys would keep logging each other out; the
 * token is shared with the other instances through PostgreSQL (rail-tokens.ts). Null
 * when the app keys are not set, or neither STK Push nor B2C is.
 */
export function liveMpesa(): ReturnType<typeof createMpesa> | null {
  const c = config();
  const stk =
    c.MPESA_SHORT_CODE && c.MPESA_PASSKEY
      ? {
          shortCode: c.MPESA_SHORT_CODE,
          passkey: c.MPESA_PASSKEY,
          transactionType: c.MPESA_TILL_NUMBER
            ? ('CustomerBuyGoodsOnline' as const)
            : ('CustomerPayBillOnline' as const),
          ...(c.MPESA_TILL_NUMBER ? { partyB: c.MPESA_TILL_NUMBER } : {}),
        }
      : undefined;
  const b2c =
    c.MPESA_B2C_SHORT_CODE && c.MPESA_B2C_INITIATOR_NAME && c.MPESA_B2C_SECURITY_CREDENTIAL
      ? {
          shortCode: c.MPESA_B2C_SHORT_CODE,
          initiatorName: c.MPESA_B2C_INITIATOR_NAME,
          securityCredential: c.MPESA_B2C_SECURITY_CREDENTIAL,
          commandId: c.MPESA_B2C_COMMAND,
          statusResultUrl: payoutStatusUrl,
        }
      : undefined;
  if (!c.MPESA_CONSUMER_KEY || !c.MPESA_CONSUMER_SECRET || (!stk && !b2c)) return null;
  // Secrets go into the cache key only as they are compared, never printed.
  const key = JSON.stringify([c.MPESA_BASE_URL, c.MPESA_CONSUMER_KEY, c.RAIL_TIMEOUT_SECONDS, stk, b2c?.shortCode]);
  if (mpesa?.key !== key) {
    mpesa = {
      key,
      rail: createMpesa({
        baseUrl: c.MPESA_BASE_URL,
        consumerKey: c.MPESA_CONSUMER_KEY,
        consumerSecret: c.MPESA_CONSUMER_SECRET,
        timeoutMs: c.RAIL_TIMEOUT_SECONDS * 1000,
        tokenStore: railTokenStore('mpesa', c.MPESA_BASE_URL, c.MPESA_CONSUMER_KEY),
        ...(stk && { stk }),
        ...(b2c && { b2c }),
      }),
    };
  }
  return mpesa.rail;
}
