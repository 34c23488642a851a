import { and, eq, sql } from 'drizzle-orm';
import {
  branding,
  merchants,
  tenants,
  type KybStatus,
  type Mode,
  type PaymentMethod,
  type paymentAttempts,
} from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { preparedQuery } from '../../platform/db/prepared';
import { config } from '../../platform/config';
import { presentBranding } from '../../merchants/branding/branding';
import { offeredMethods, type OfferedMethod } from '../../rails/methods';
import { liveNetwork, liveOffers } from '../../rails';
import { railStates } from '../../rails/circuit';
import type { CheckoutRow } from '../../checkout/present';

type AttemptRow = typeof paymentAttempts.$inferSelect;

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
  merchant: {
    kybStatus: KybStatus;
    acceptedMethods: readonly string[] | null;
    mode: Mode;
    railsDown: ReadonlySet<string>;
  },
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
      return { ...m, requires_manual_approval: false, networks: m.networks.filter((n) => n.id === network) };
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

/** What methodsOnOffer needs to know of the checkout's owner: KYB, the branding's accepted methods, the mode. */
export async function merchantOffering(db: Db, row: Pick<CheckoutRow, 'merchantId' | 'tenantId'>) {
  // One read for the merchant, its branding and the tenant's mode: the hosted page asks on every load.
  const query = preparedQuery(db, 'merchant_offering', (d) =>
    d
      .select({
        merchant: { id: merchants.id, name: merchants.name, kybStatus: merchants.kybStatus },
        branding,
        mode: tenants.mode,
      })
      .from(tenants)
      .innerJoin(merchants, eq(merchants.id, tenants.merchantId))
      .leftJoin(branding, eq(branding.merchantId, merchants.id))
      .where(and(eq(tenants.id, sql.placeholder('tenant')), eq(tenants.merchantId, sql.placeholder('merchant'))))
      .prepare('merchant_offering'),
  );
  const [found] = await query.execute({ tenant: row.tenantId, merchant: row.merchantId });
  if (!found) throw new Error(`No tenant ${row.tenantId} of merchant ${row.merchantId}`);
  const { merchant, mode } = found;
  const brand = presentBranding(merchant, found.branding ?? undefined);
  // A live rail whose circuit is open is not offered until it is probed again (lib/rails/circuit.ts).
  const railsDown = new Set<string>();
  if (mode === 'live') {
    for (const [rail, { state }] of await railStates(db)) if (state === 'down') railsDown.add(rail);
  }
  return {
    kybStatus: merchant.kybStatus,
    acceptedMethods: brand.accepted_methods,
    brand,
    mode,
    railsDown,
  };
}
