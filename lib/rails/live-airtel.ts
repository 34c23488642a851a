import { config } from '../platform/config';
import { AIRTEL_COUNTRIES, createAirtel, toAirtelAmount, type AirtelCountryCode } from './providers/airtel';
import type { PayoutRail, PromptRail } from './providers/types';

/**
 * Airtel Money's rails, one instance per country (`airtel:UG`, `airtel:KE`), each from its own
 * application's keys in AIRTEL_ACCOUNTS: an application is enabled per country and every request
 * names it (X-Country). Collections and disbursements of one country share the application's token.
 *
 * Airtel calls back the one URL set on the application's page, not one per request [AT-CB,
 * docs/plans/provider-contracts.md section 4]: `fixedCallback`, matched by our id (`transaction.id`).
 */
const built = new Map<string, { key: string; airtel: ReturnType<typeof createAirtel> }>();

function airtelOf(instance: string) {
  const [provider, code] = instance.split(':');
  if (provider !== 'airtel' || !code || !Object.hasOwn(AIRTEL_COUNTRIES, code)) return null;
  const country = code as AirtelCountryCode;
  const c = config();
  const account = c.AIRTEL_ACCOUNTS?.[country as keyof typeof c.AIRTEL_ACCOUNTS];
  if (!account) return null;
  // Secrets go into the cache key only as they are compared, never printed.
  const key = JSON.stringify([c.AIRTEL_BASE_URL, account, c.RAIL_TIMEOUT_SECONDS]);
  const found = built.get(instance);
  if (found?.key === key) return { country, airtel: found.airtel };
  const airtel = createAirtel({
    baseUrl: account.base_url ?? c.AIRTEL_BASE_URL,
    country,
    currency: AIRTEL_COUNTRIES[country].currency,
    clientId: account.client_id,
    clientSecret: account.client_secret,
    ...(account.encrypted_pin ? { encryptedPin: account.encrypted_pin } : {}),
    ...(account.callback_key ? { callbackKey: account.callback_key } : {}),
    timeoutMs: c.RAIL_TIMEOUT_SECONDS * 1000,
  });
  built.set(instance, { key, airtel });
  return { country, airtel };
}

/** Whether Airtel can carry the amount: Kenya's wallets take whole shillings (the adapter's table). */
const takes = (country: AirtelCountryCode, amount: bigint) =>
  toAirtelAmount(amount, AIRTEL_COUNTRIES[country]) !== null;

/** The collection rail of an Airtel instance, or null when it is not configured now. */
export function airtelPrompts(instance: string): PromptRail | null {
  const found = airtelOf(instance);
  if (!found) return null;
  const { collections } = found.airtel;
  return {
    name: instance,
    network: 'airtel_money',
    // Our attempt id is Airtel's `transaction.id` (a second push with it is refused as a duplicate).
    referenceIsOurs: true,
    resendIsSafe: true,
    fixedCallback: true,
    takesAmount: (amount) => takes(found.country, amount),
    requestPayment: (request) => collections.requestPayment(request),
    // The enquiry carries no amount: the asked amount is what a TS proves [AT-ENQ].
    queryPayment: (request) => collections.queryPayment(request),
    readCallback: (body) => collections.readCallback(body),
  };
}

/** The disbursement rail of an Airtel instance, or null (no encrypted PIN: Airtel takes no transfer). */
export function airtelPayouts(instance: string): PayoutRail | null {
  const found = airtelOf(instance);
  const disbursements = found?.airtel.disbursements;
  if (!found || !disbursements) return null;
  const { country } = found;
  return {
    name: instance,
    network: 'airtel_money',
    pickUpAfterSeconds: () => 0,
    needsBankCode: true,
    problemWith: ({ amount, network }) => {
      if (network !== 'airtel_money')
        return { about: 'network', message: 'must be airtel_money: these payouts go by Airtel Money' };
      return takes(country, amount)
        ? null
        : { about: 'amount', message: `must be whole ${AIRTEL_COUNTRIES[country].currency} for Airtel Money` };
    },
    sendPayout: (request) => disbursements.sendPayout(request),
    queryPayout: (request) => disbursements.queryPayout(request),
    readCallback: (body) => {
      const callback = disbursements.readCallback(body);
      return callback && { payoutId: callback.payoutId };
    },
  };
}
