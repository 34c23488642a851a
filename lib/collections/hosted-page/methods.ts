import type { PaymentMethod } from '../../platform/vocabulary';
import { config } from '../../platform/config';
import { offeredMethods, type OfferedMethod } from '../../rails/methods';
import { routeOffered } from '../../rails';
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
    // Only what the mode routes to a rail that is up; only the routed countries' networks that their
    // rails serve, and a live provider confirms the money itself (no operator approval).
    .flatMap((m) => {
      const route = routeOffered(merchant.mode, row.currencyCode, m.method, row.amount, merchant.railsDown);
      if (!route.offered) return [];
      return [
        {
          ...m,
          requires_manual_approval: route.confirmsMoney ? false : m.requires_manual_approval,
          networks: route.networks
            ? m.networks.filter((n) =>
                route.networks!.some((r) => r.country === n.country && (r.network === null || r.network === n.id)),
              )
            : m.networks,
        },
      ];
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
