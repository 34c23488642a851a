import type { PaymentMethod } from '../../platform/db/schema';
import { config } from '../../platform/config';
import { offeredMethods, type OfferedMethod } from '../../rails/methods';
import { liveNetwork, liveOffers } from '../../rails';
import { wholeShillings } from '../../rails/providers/mpesa';
import type { CheckoutRow } from '../../checkout/present';
import type { AttemptRow, Offering } from './session-facts';

export interface MethodsOnOffer {
  methods: OfferedMethod[];
  unavailable: { method: PaymentMethod; reason: 'too_little_time' }[];
}

/**
 * The methods this checkout offers right now: the catalogue's (currency, amount, KYB, branding), less
 * bank transfer when the link expires within BANK_TRANSFER_MIN_MINUTES and no transfer was started:
 * money sent then would arrive after expiry and only come back as a refund.
 */
export function methodsOnOffer(
  row: CheckoutRow,
  merchant: Pick<Offering, 'kybStatus' | 'acceptedMethods' | 'mode' | 'railsDown'>,
  latest: AttemptRow | undefined,
  now = new Date(),
): MethodsOnOffer {
  const all = offeredMethods({
    currency: row.currencyCode,
    amount: row.amount,
    kybStatus: merchant.kybStatus,
    acceptedMethods: merchant.acceptedMethods,
  })
    // Live mode offers only what the deployment routes to a provider; test mode offers the whole catalogue.
    .filter((m) => merchant.mode === 'test' || liveOffers(row.currencyCode, m.method, merchant.railsDown))
    // A live provider confirms the money itself (no operator approval), and serves its own network only.
    .map((m) => {
      if (merchant.mode === 'test') return m;
      const network = liveNetwork('live', row.currencyCode);
      // M-Pesa takes whole shillings only ("Only whole numbers are supported": Daraja's C2B and Ratiba
      // pages; martinmogusu/django-daraja mpesa/core.py for STK Push): no M-Pesa for an amount with cents.
      const takes = (id: string) => id === network && (id !== 'mpesa' || wholeShillings(row.amount) !== null);
      return { ...m, requires_manual_approval: false, networks: m.networks.filter((n) => takes(n.id)) };
    })
    .filter((m) => m.method !== 'mobile_money' || m.networks.length > 0);
  const transferStarted =
    latest?.method === 'bank_transfer' && (latest.status === 'awaiting_transfer' || latest.status === 'claimed');
  const tooLate = row.expiresAt.getTime() - now.getTime() < config().BANK_TRANSFER_MIN_MINUTES * 60_000;
  if (!tooLate || transferStarted || !all.some((m) => m.method === 'bank_transfer'))
    return { methods: all, unavailable: [] };
  return {
    methods: all.filter((m) => m.method !== 'bank_transfer'),
    unavailable: [{ method: 'bank_transfer', reason: 'too_little_time' }],
  };
}
