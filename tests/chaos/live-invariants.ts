import type postgres from 'postgres';
import type { Check } from './invariants';
import type { LiveProviders } from './live-providers';

/**
 * The live merchant's invariants, read against the providers' own records (the contract servers'
 * state, as a provider's statement would show them) and our database:
 * - every payment a provider says succeeded is recorded exactly once, for its amount, and nothing is
 *   recorded that no provider took;
 * - no payout was paid twice at a provider (its transfers and disbursements counted per payout id),
 *   each finished payout agrees with the provider (completed there, or failed there or never sent,
 *   with the money back), and the provider paid nothing we have no payout for.
 */
type Rail = 'mtn_momo' | 'paystack' | 'mpesa';

interface ProviderPayment {
  rail: Rail;
  /** What ties it to us: our attempt id (MTN, Paystack) or M-Pesa's CheckoutRequestID. */
  reference: string;
  succeeded: boolean;
  /** Minor units. */
  amount: bigint;
}

interface ProviderPayout {
  rail: Rail;
  /** Our payout id, the provider's reference for it. */
  payoutId: string;
  /** 'paid', 'failed' or still 'open' at the provider. */
  state: 'paid' | 'failed' | 'open';
  amount: bigint;
}

const minor = (major: string | number) => BigInt(Math.round(Number(major) * 100));

function providerRecords(providers: LiveProviders) {
  const payments: ProviderPayment[] = [
    ...providers.mtn.transactions('collection').map((t) => ({
      rail: 'mtn_momo' as const,
      reference: t.referenceId,
      succeeded: t.status === 'SUCCESSFUL',
      amount: minor(t.amount),
    })),
    ...[...providers.paystack.state.charges.values()].map((c) => ({
      rail: 'paystack' as const,
      reference: c.reference,
      succeeded: c.status === 'success',
      amount: c.amount,
    })),
    ...providers.mpesa.stkPushes().map((p) => ({
      rail: 'mpesa' as const,
      reference: p.checkoutRequestId,
      succeeded: p.state === 'completed' && p.resultCode === '0',
      amount: minor(p.fields.amount),
    })),
  ];
  const payouts: ProviderPayout[] = [
    ...providers.mtn.transactions('disbursement').map((t) => ({
      rail: 'mtn_momo' as const,
      payoutId: t.referenceId,
      state:
        t.status === 'SUCCESSFUL' ? ('paid' as const) : t.status === 'FAILED' ? ('failed' as const) : ('open' as const),
      amount: minor(t.amount),
    })),
    ...[...providers.paystack.state.transfers.values()].map((t) => ({
      rail: 'paystack' as const,
      payoutId: t.reference,
      state:
        t.status === 'success' ? ('paid' as const) : t.status === 'pending' ? ('open' as const) : ('failed' as const),
      amount: t.amount,
    })),
    ...providers.mpesa.payouts().map((p) => ({
      rail: 'mpesa' as const,
      payoutId: p.originatorConversationId,
      state:
        p.state === 'completed' ? ('paid' as const) : p.state === 'failed' ? ('failed' as const) : ('open' as const),
      amount: minor(p.fields.amount),
    })),
  ];
  // Money that left, as each provider's ledger counts it (M-Pesa keeps one entry per disbursement).
  const paidOut = new Map<string, number>();
  const countPaid = (id: string) => paidOut.set(id, (paidOut.get(id) ?? 0) + 1);
  for (const p of payouts) if (p.state === 'paid' && p.rail !== 'mpesa') countPaid(p.payoutId);
  for (const d of providers.mpesa.disbursements()) countPaid(d.originatorConversationId);
  return { payments, payouts, paidOut };
}

/** An M-Pesa push's trail: how many pushes went to its attempt's address, and what its callbacks were answered. */
function mpesaTrail(providers: LiveProviders, checkoutRequestId: string): string {
  const address = providers.mpesa.stkPush(checkoutRequestId)?.fields.callbackUrl;
  const pushes = providers.mpesa.stkPushes().filter((q) => q.fields.callbackUrl === address).length;
  const answered = providers.mpesa.deliveries
    .filter((d) => d.kind === 'stk_callback' && d.reference === checkoutRequestId)
    .map((d) => d.receiverStatus ?? 'no answer');
  return `, ${pushes} push(es) for its attempt, callbacks answered: ${answered.join(', ') || 'none sent'}`;
}

export async function checkLiveInvariants(sql: postgres.Sql, providers: LiveProviders, merchantId: string) {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, found: string) => checks.push({ name, ok, found });
  const { payments, payouts, paidOut } = providerRecords(providers);

  // M-Pesa names a push by its CheckoutRequestID (the attempt's reference); the collection keeps the receipt.
  const collections = await sql<
    { attempt_id: string | null; attempt_reference: string | null; amount: string; kind: string }[]
  >`
    select c.attempt_id, a.provider_reference as attempt_reference, c.amount::text as amount, c.kind
      from collections c join tenants t on t.id = c.tenant_id left join payment_attempts a on a.id = c.attempt_id
     where c.merchant_id = ${merchantId} and t.mode = 'live'`;
  const recordedFor = (p: ProviderPayment) =>
    collections.filter((c) => (p.rail === 'mpesa' ? c.attempt_reference : c.attempt_id) === p.reference);
  const succeeded = payments.filter((p) => p.succeeded);
  const notOnce = succeeded.filter((p) => recordedFor(p).length !== 1);
  const wrongAmount = succeeded.filter((p) => recordedFor(p).some((c) => BigInt(c.amount) !== p.amount));
  const recordedUnpaid = payments.filter((p) => !p.succeeded && recordedFor(p).length > 0);
  const matched = new Set(succeeded.flatMap(recordedFor));
  const unknown = collections.filter((c) => !matched.has(c));
  // What our side made of each payment that is not recorded once: the attempt it belongs to.
  const explained = await Promise.all(
    notOnce.slice(0, 5).map(async (p) => {
      const [attempt] = await sql<{ status: string; failure_code: string | null; provider_reference: string | null }[]>`
        select status, failure_code, provider_reference from payment_attempts
         where id::text = ${p.reference} or provider_reference = ${p.reference}`;
      const lost = providers.lostAnswers().some((l) => l.path.includes(p.reference));
      return `${p.rail} ${p.reference} recorded ${recordedFor(p).length}x, attempt ${attempt ? `${attempt.status} ${attempt.failure_code ?? ''} ref ${attempt.provider_reference ?? 'none'}` : 'none'}${lost ? ', an answer about it lost' : ''}${p.rail === 'mpesa' ? mpesaTrail(providers, p.reference) : ''}`;
    }),
  );
  const byRail = (rail: Rail) =>
    `${rail} ${succeeded.filter((p) => p.rail === rail).length}/${payments.filter((p) => p.rail === rail).length}`;
  check(
    'live: every payment a provider says succeeded is recorded exactly once',
    succeeded.length > 0 && notOnce.length + wrongAmount.length + recordedUnpaid.length + unknown.length === 0,
    `succeeded at the provider (of asked): ${byRail('mtn_momo')}, ${byRail('paystack')}, ${byRail('mpesa')}; ${collections.length} recorded (${collections.filter((c) => c.kind !== 'payment').length} flagged); ${notOnce.length} not recorded exactly once, ${wrongAmount.length} for another amount, ${recordedUnpaid.length} recorded but not paid, ${unknown.length} recorded with no provider payment${explained.length ? ` (${explained.join('; ')})` : ''}`,
  );

  const ours = await sql<{ id: string; status: string; net: string; kinds: string[] }[]>`
    select t.id, t.payout_status as status, t.net_amount::text as net,
           coalesce(array_agg(e.kind) filter (where e.id is not null), '{}') as kinds
      from customer_transactions t join tenants n on n.id = t.tenant_id
      left join ledger_entries e on e.customer_transaction_id = t.id
     where t.merchant_id = ${merchantId} and n.mode = 'live' and t.transaction_type = 'payout'
     group by t.id`;
  const ourIds = new Set(ours.map((p) => p.id));
  const atProvider = new Map(payouts.map((p) => [p.payoutId, p]));
  const paidTwice = [...paidOut].filter(([, n]) => n > 1);
  const stray = payouts.filter((p) => !ourIds.has(p.payoutId));
  const disagree = ours.filter((p) => {
    const there = atProvider.get(p.id);
    const back = p.kinds.includes('reversal');
    if (p.status === 'completed') return there?.state !== 'paid' || back || there.amount !== BigInt(p.net);
    if (p.status === 'failed' || p.status === 'cancelled') return there?.state === 'paid' || !back;
    return true;
  });
  const statuses = [...new Set(ours.map((p) => p.status))]
    .map((s) => `${s}: ${ours.filter((p) => p.status === s).length}`)
    .join(', ');
  const sentBy = (rail: Rail) => `${rail} ${payouts.filter((p) => p.rail === rail).length}`;
  check(
    'live: no payout paid twice at the provider, none lost',
    ours.length > 0 && paidTwice.length + stray.length + disagree.length === 0,
    `${ours.length} live payouts (${statuses}); at the providers: ${sentBy('mtn_momo')}, ${sentBy('paystack')}, ${sentBy('mpesa')}, ${paidOut.size} paid; ${paidTwice.length} paid twice, ${stray.length} the provider has and we do not, ${disagree.length} where we and the provider disagree (or the money did not come back)`,
  );
  return checks;
}
