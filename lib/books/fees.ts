import type { CurrencyCode } from '../platform/money/currencies';
import type { FeeOperation, FeeRule } from '../platform/settings/fee-schedule';

/**
 * A fee by the schedule (FEE_SCHEDULE, lib/platform/settings/fee-schedule.ts): the rule for the exact
 * currency beats a `*` rule; a percentage in basis points rounds half up to the minor unit, plus the
 * fixed part, within the rule's floor and ceiling; a fee taken out of an amount never exceeds it.
 */
export function feeFor(
  schedule: readonly FeeRule[],
  operation: FeeOperation,
  currency: CurrencyCode,
  amount: bigint,
  /** `on_top`: the fee is charged beside the amount (money out), so it is not capped at the amount. */
  charged: 'out_of_amount' | 'on_top' = 'out_of_amount',
): bigint {
  const rule =
    schedule.find((r) => r.operation === operation && r.currency === currency) ??
    schedule.find((r) => r.operation === operation && r.currency === '*');
  if (!rule) return 0n;
  let fee = (amount * BigInt(rule.percent_bps) + 5_000n) / 10_000n + BigInt(rule.fixed_minor);
  if (rule.min_minor !== undefined && fee < BigInt(rule.min_minor)) fee = BigInt(rule.min_minor);
  if (rule.max_minor !== undefined && fee > BigInt(rule.max_minor)) fee = BigInt(rule.max_minor);
  return charged === 'out_of_amount' && fee > amount ? amount : fee;
}
