import type { z } from 'zod';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { checkouts, paymentAttempts, tenants } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { requireMoney } from '../../platform/http/money-input';
import { oneUnit } from '../../platform/money/currencies';
import { receiveSandboxTransfer, sandboxBankTransfer } from '../../rails/providers/sandbox';
import { timeOutAttempt } from '../rail-outcomes';
import { settleBankTransfer } from '../live/bank-transfer';
import { sendLivePrompt } from '../live/mobile-money';
import { answerSandboxPrompt } from './answers';
import type { SandboxMobileMoneyResult, SandboxTransferResult } from './contract';
import type { simulateMobileMoneyInput, simulateTransferInput } from './input';

/**
 * The sandbox simulates the customer's side for test-mode checkouts only: a live checkout (or its
 * attempt) is unknown here, 404, as if it did not exist. Real money never moves by a simulation.
 */
const inTestMode = (tenantId: SQL | AnyColumn) =>
  sql`exists (select 1 from ${tenants} where ${tenants.id} = ${tenantId} and ${tenants.mode} = 'test')`;

export async function simulateIncomingTransfer(
  db: Db,
  input: z.output<typeof simulateTransferInput>,
): Promise<SandboxTransferResult> {
  const [row] = await db
    .select({ amount: checkouts.amount, currency: checkouts.currencyCode })
    .from(checkouts)
    .where(and(eq(checkouts.paymentReference, input.payment_reference), inTestMode(checkouts.tenantId)));
  if (!row) throw notFound('Checkout with that payment reference');
  let amount = row.amount;
  if (input.amount !== undefined) {
    amount = requireMoney(input.amount, row.currency).minor;
  } else if (input.scenario === 'short') {
    const unit = oneUnit(row.currency);
    amount = row.amount > unit ? row.amount - unit : row.amount / 2n || 1n;
  } else if (input.scenario === 'over') amount = row.amount + oneUnit(row.currency);

  // Each transfer arrives at the sandbox bank, which tells the service; the service settles it by the
  // bank's status query, the path a Paystack notice takes.
  const transfers = input.scenario === 'duplicate' ? 2 : 1;
  const results = [];
  for (let i = 0; i < transfers; i++) {
    const arrived = await receiveSandboxTransfer(db, {
      paymentReference: input.payment_reference,
      amount,
      currency: row.currency,
    });
    const settled = await settleBankTransfer(db, sandboxBankTransfer, arrived);
    if (settled.outcome !== 'recorded') throw new Error(`sandbox transfer ${arrived} not recorded: ${settled.outcome}`);
    results.push({ kind: settled.kind, checkout_id: settled.checkoutId });
  }
  return { transfers: results };
}

/** The page's "simulate" buttons: the sandbox's customer answers a pending prompt now instead of waiting. */
export async function simulateMobileMoneyOutcome(
  db: Db,
  attemptId: string,
  outcome: z.output<typeof simulateMobileMoneyInput>['outcome'],
): Promise<SandboxMobileMoneyResult> {
  const [attempt] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.id, attemptId), inTestMode(paymentAttempts.tenantId)));
  if (!attempt) throw notFound('Payment attempt');
  if (outcome === 'timeout') {
    await db
      .update(paymentAttempts)
      .set({ respondBy: sql`now()` })
      .where(eq(paymentAttempts.id, attemptId));
    await timeOutAttempt(db, attemptId);
  } else {
    // The customer answers at the sandbox, which calls back; the prompt is sent first if its job has
    // not run yet (the sandbox takes each attempt once).
    await sendLivePrompt(db, attemptId);
    await answerSandboxPrompt(db, attemptId, outcome);
  }
  const [after] = await db
    .select({ status: paymentAttempts.status })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  return { attempt_id: attemptId, status: after!.status };
}
