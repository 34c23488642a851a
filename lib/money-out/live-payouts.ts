import { and, eq, sql } from 'drizzle-orm';
import { customerTransactions } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { config } from '../platform/config';
import { log } from '../platform/log';
import { payoutCallbackUrl } from '../rails/callback-address';
import { NOT_FOUND_AFTER_MS, roundsSince, scheduleStatusCheck } from '../rails/status-checks';
import { payoutRailNamed } from '../rails';
import type { PayoutRail, PayoutStatus, PayoutStatusAnswer, PayoutTarget } from '../rails/providers/types';
import { completePayout, failPayout } from './progress';
import { recordRailCall } from '../rails/circuit';
import { earlyAnswer, keepCallback, noteQuestion, sendQuestion, takeQuestion } from './payout-callbacks';

/**
 * A withdrawal or payout on any rail (the sandbox's, Paystack's, MTN's, M-Pesa's), once picked up (PROCESSING: the merchant can no longer cancel it). A
 * job sends it with the payout's id as the provider's idempotency reference, so sending again after
 * a lost answer can never pay twice. The provider's word is taken from its status query (or its
 * signed webhook, for Paystack): COMPLETED, or FAILED with the money back. A refusal that proves
 * nothing was sent fails it at once; anything unknown is asked again on a backoff, for a day.
 * M-Pesa answers its status query by callback, to the payout's own status address: `onPayoutStatusAnswer`;
 * and posts the B2C result to the payout's callback address, which settles it when it names the
 * ConversationID M-Pesa's answer gave our B2C request (`onPayoutCallback`). No address alone moves
 * money (payout-callbacks.ts; docs/decisions/money-out.md, "M-Pesa's B2C result").
 */

type PayoutRow = typeof customerTransactions.$inferSelect;

async function processing(db: Db, transactionId: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(customerTransactions)
    .where(and(eq(customerTransactions.id, transactionId), eq(customerTransactions.payoutStatus, 'processing')));
  return row;
}

const scheduleCheck = (db: Db, transactionId: string, round: number) =>
  scheduleStatusCheck(db, { transactionId }, round);

function targetOf(row: PayoutRow): PayoutTarget {
  if (row.payoutType === 'mobile_money')
    return {
      type: 'mobile_money',
      phone: row.mobileNumber!,
      network: row.networkProvider!,
      ...(row.recipientName ? { name: row.recipientName } : {}),
    };
  return {
    type: 'bank_transfer',
    accountNumber: row.bankAccountNumber!,
    bankCode: row.bankRoutingNumber!,
    accountName: row.accountHolderName ?? row.recipientName ?? '',
  };
}

/** The job: sends it (again, after a lost answer: the same id), then checks. */
export async function sendLivePayout(db: Db, transactionId: string, round = 0): Promise<void> {
  const row = await processing(db, transactionId);
  if (!row) return;
  const rail = payoutRailNamed(row.provider ?? '');
  if (!rail) {
    log.error('rail.payout_rail_missing', { transaction_id: transactionId, provider: row.provider });
    return scheduleCheck(db, transactionId, round + 1);
  }
  const answer = await rail.sendPayout({
    payoutId: row.id,
    amount: row.netAmount,
    currency: row.currencyCode,
    target: targetOf(row),
    reason: row.payoutReason ?? `${config().SERVICE_NAME} ${row.payoutKind}`,
    callbackUrl: payoutCallbackUrl(row.id),
  });
  log.info('rail.payout_sent', { rail: rail.name, transaction_id: row.id, answer: answer.kind });
  await recordRailCall(db, rail.name, answer.kind !== 'unknown');
  if (answer.kind === 'refused') {
    await failPayout(db, row.id, `The provider refused the transfer (${answer.code}): ${answer.message}`);
    return;
  }
  if (answer.kind === 'accepted' && rail.readResult) {
    // M-Pesa's ConversationID is the key its B2C result must show: kept as a question, out of sight
    // (not the provider reference merchants see), and looked for in a result that came first.
    const question = sendQuestion(answer.providerReference);
    await noteQuestion(db, row.id, question);
    const early = await earlyAnswer(db, row.id, question, 'callback');
    const result = early === undefined ? null : rail.readResult(early);
    if (result && (await applyResult(db, rail, row, result, question, round))) return;
  } else if (answer.kind === 'accepted') {
    await db
      .update(customerTransactions)
      .set({ providerReference: answer.providerReference, updatedAt: sql`now()` })
      .where(eq(customerTransactions.id, row.id));
  }
  await scheduleCheck(db, row.id, round);
}

/** The job, a callback's and a webhook's effect: ask the provider and act on what it says. */
export async function checkLivePayout(db: Db, transactionId: string, round: number): Promise<PayoutStatus['status']> {
  const row = await processing(db, transactionId);
  if (!row) return 'unknown';
  const rail = payoutRailNamed(row.provider ?? '');
  if (!rail) {
    await scheduleCheck(db, transactionId, round + 1);
    return 'unknown';
  }
  const status = await rail.queryPayout({ payoutId: row.id, providerReference: row.providerReference });
  // A query the provider took (it answers later, by callback) is an answer too: the rail is up.
  await recordRailCall(db, rail.name, status.status !== 'unknown' || status.question !== null);
  if (status.status === 'unknown' && status.question) {
    // Answered by callback (M-Pesa): only an answer to this question counts, and it may be here already.
    await noteQuestion(db, row.id, status.question);
    const early = await earlyAnswer(db, row.id, status.question);
    const answer = early === undefined ? null : rail.readStatusAnswer?.(early);
    if (answer && (await takeQuestion(db, row.id, status.question))) {
      const applied = await applyAnswer(db, rail, row, answer, round);
      if (applied) return applied;
    }
  }
  await act(db, rail, row, status, round);
  return status.status;
}

/**
 * A callback to a payout's address (MTN's, M-Pesa's B2C result), kept as received. M-Pesa's result
 * settles the payout when it answers our B2C request (its ConversationID) with a final verdict and,
 * for a success, our amount; anything else (MTN's callback, a result we cannot tie to our request)
 * makes us ask the provider now, as the backoff would. A replay changes nothing.
 */
export async function onPayoutCallback(db: Db, transactionId: string, body: unknown): Promise<PayoutStatus['status']> {
  const row = await processing(db, transactionId);
  const rail = row && payoutRailNamed(row.provider ?? '');
  const result = rail?.readResult?.(body) ?? null;
  const question = result?.question ? sendQuestion(result.question) : null;
  if (!(await keepCallback(db, transactionId, 'callback', body, question))) return 'unknown';
  if (row && rail && result && question) {
    const applied = await applyResult(db, rail, row, result, question, roundsSince(row.processingAt ?? row.createdAt));
    if (applied) return applied;
  }
  return checkLivePayout(db, transactionId, 0);
}

/**
 * A callback to a provider's one fixed address (Airtel's), naming our payout id: null when no payout
 * of a rail that calls back there has that id, or its rail does not read the callback as about it.
 * Then as any payout callback: kept, and the status query decides.
 */
export async function onFixedPayoutCallback(
  db: Db,
  transactionId: string,
  body: unknown,
): Promise<PayoutStatus['status'] | null> {
  const [row] = await db
    .select({ provider: customerTransactions.provider })
    .from(customerTransactions)
    .where(eq(customerTransactions.id, transactionId));
  const rail = row && payoutRailNamed(row.provider ?? '');
  if (!rail?.readCallback || rail.readCallback(body)?.payoutId !== transactionId) return null;
  return onPayoutCallback(db, transactionId, body);
}

/**
 * A transfer's own result, applied only when final, consistent with the payout (`mismatchOf`), and the
 * first answer to the send it names (`takeQuestion`, checked last so a forgery consumes nothing).
 */
async function applyResult(
  db: Db,
  rail: PayoutRail,
  row: PayoutRow,
  result: PayoutStatusAnswer,
  question: string,
  round: number,
): Promise<PayoutStatus['status'] | null> {
  const { status } = result;
  if (status.status !== 'completed' && status.status !== 'failed') return null;
  const mismatch = mismatchOf(row, result);
  if (mismatch) {
    log.error('rail.payout_result_mismatch', { rail: rail.name, transaction_id: row.id, mismatch });
    return null;
  }
  if (!(await takeQuestion(db, row.id, question))) return null;
  log.info('rail.payout_result', { rail: rail.name, transaction_id: row.id, status: status.status });
  await act(db, rail, row, status, round);
  return status.status;
}

/**
 * M-Pesa's answer to a status query, posted to the payout's status address. The address is no proof
 * (Daraja signs nothing), so the answer is kept and counts only if it names a query we asked about
 * this payout and no other answer took (`takeQuestion`); if it came before we noted the query, the
 * asker finds it (`earlyAnswer`).
 */
export async function onPayoutStatusAnswer(
  db: Db,
  transactionId: string,
  body: unknown,
): Promise<PayoutStatus['status']> {
  const row = await processing(db, transactionId);
  const rail = row && payoutRailNamed(row.provider ?? '');
  const answer = rail?.readStatusAnswer?.(body) ?? null;
  if (!(await keepCallback(db, transactionId, 'status', body, answer?.question ?? null))) return 'unknown';
  if (!row || !rail || !answer) return 'unknown';
  if (!answer.question || !(await takeQuestion(db, row.id, answer.question))) {
    log.warn('rail.payout_status_unasked', { rail: rail.name, transaction_id: row.id });
    return 'unknown';
  }
  return (await applyAnswer(db, rail, row, answer, roundsSince(row.processingAt ?? row.createdAt))) ?? 'unknown';
}

/**
 * Acts on the answer to a question we asked, unless it names another payout or a completion for
 * another amount: that is logged and not acted on (null), and the backoff keeps asking.
 */
async function applyAnswer(db: Db, rail: PayoutRail, row: PayoutRow, answer: PayoutStatusAnswer, round: number) {
  const { status } = answer;
  const mismatch = mismatchOf(row, answer);
  if (mismatch) {
    log.error('rail.payout_status_mismatch', { rail: rail.name, transaction_id: row.id, mismatch });
    return null;
  }
  log.info('rail.payout_status_answer', { rail: rail.name, transaction_id: row.id, status: status.status });
  await act(db, rail, row, status, round);
  return status.status;
}

/** Why an answer cannot be about this payout: another payout named, or a completion for another amount. */
function mismatchOf(row: PayoutRow, answer: PayoutStatusAnswer): string | null {
  if (answer.payoutId && answer.payoutId !== row.id) return `names payout ${answer.payoutId}`;
  if (answer.status.status === 'completed' && answer.amount !== null && answer.amount !== row.netAmount) {
    return `reports ${answer.amount} minor units, the payout is ${row.netAmount}`;
  }
  return null;
}

async function act(db: Db, rail: PayoutRail, row: PayoutRow, status: PayoutStatus, round: number) {
  switch (status.status) {
    case 'completed':
      // A payout sent without a reference of its own (M-Pesa's stays empty until then) takes the one its
      // completion carries: M-Pesa's receipt, which the recipient's SMS quotes.
      await completePayout(db, row.id, row.providerReference ? undefined : status.providerTransactionId);
      return;
    case 'failed':
      await failPayout(db, row.id, `${rail.name} (${status.code}): ${status.message || status.code}`);
      return;
    case 'not_found':
      // It never arrived: sending again with the same id is safe, and the only way forward.
      if (Date.now() - (row.processingAt ?? row.createdAt).getTime() > NOT_FOUND_AFTER_MS) {
        return sendLivePayout(db, row.id, round + 1);
      }
      return scheduleCheck(db, row.id, round + 1);
    default:
      return scheduleCheck(db, row.id, round + 1);
  }
}
