import type { z } from 'zod';
import { moveAttempts } from '../attempt-lifecycle';
import { PROMPT_RESEND_AFTER_SECONDS } from './rules';
import { and, eq, sql } from 'drizzle-orm';
import { paymentAttempts, ownerOf } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { ApiError, conflict, invalidField } from '../../platform/http/errors';
import { enqueueJob } from '../../platform/jobs/queue';
import type { OfferedNetwork } from '../../rails/methods';
import { countryOfInternationalNumber, findMarket, readMobileNumber } from '../../rails/mobile-money';
import type { NumberProblem } from '../../rails/mobile-number';
import { bankTransferRailFor, promptRailFor, queuePrompt } from '../../rails';
import { modeOf } from '../../merchants/tenant-mode';
import { openBankTransfer } from '../live/bank-transfer';
import type { CheckoutRow } from '../../checkout/present';
import { refuseImpossibleMove, transitionCheckout } from '../../checkout/state-machine';
import { latestAttempt } from './present';
import { methodsOnOffer } from './methods';
import { readSessionFacts } from './session-facts';
import type { startMobileMoneyInput } from './input';

async function methodsFor(db: Db, row: CheckoutRow) {
  const facts = await readSessionFacts(db, row.id);
  if (!facts) throw new Error(`No checkout ${row.id}`);
  return methodsOnOffer(row, facts.offering, facts.attempt).methods;
}

/**
 * "Send again" / "use another number" while a prompt is live: the old attempt becomes `abandoned`
 * (a late approval of it is still recorded, see payment-results.ts) and the checkout stays
 * `processing`. Too soon after the last prompt → 409 with Retry-After.
 */
async function replaceLivePrompt(db: Db, row: CheckoutRow) {
  const [live] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.checkoutId, row.id),
        eq(paymentAttempts.status, 'processing'),
        eq(paymentAttempts.method, 'mobile_money'),
      ),
    )
    .for('update');
  if (!live) return undefined;
  const ageSeconds = (Date.now() - live.createdAt.getTime()) / 1000;
  if (ageSeconds < PROMPT_RESEND_AFTER_SECONDS) {
    const wait = String(Math.ceil(PROMPT_RESEND_AFTER_SECONDS - ageSeconds));
    throw new ApiError(409, 'prompt_recently_sent', `A prompt was just sent; a new one can be sent in ${wait} s`, [], {
      'retry-after': wait,
    });
  }
  await moveAttempts(
    db,
    'prompt_replaced',
    { attemptId: live.id },
    { failure: { code: 'replaced', message: 'Replaced by a new prompt' } },
  );
  return live;
}

/** Leaves unfinished bank-transfer instructions behind when the customer switches to mobile money. */
async function abandonWaitingTransfers(db: Db, checkoutId: string) {
  await moveAttempts(db, 'transfer_abandoned', { checkoutId });
}

/**
 * Sends a mobile-money prompt: the checkout moves to `processing`, an attempt row is written with
 * the job that asks the rail to prompt the phone, and a timeout job is set for the attempt window —
 * all in one transaction. The phone is locked to the merchant's when `customer_phone_editable` is false.
 */
export async function startMobileMoney(db: Db, row: CheckoutRow, input: z.output<typeof startMobileMoneyInput>) {
  const offer = (await methodsFor(db, row)).find((m) => m.method === 'mobile_money');
  if (!offer) throw conflict('method_unavailable', 'Mobile money is not available for this payment');
  const locked = row.customerPhone && !row.customerPhoneEditable;
  const replacing = row.status === 'processing' ? await latestAttempt(db, row.id) : undefined;
  const previousPhone = replacing?.method === 'mobile_money' ? replacing.phone : null;
  const given = locked ? row.customerPhone! : (input.phone ?? previousPhone ?? row.customerPhone);
  if (!given) throw invalidField('phone', 'is required');
  const network = chooseNetwork(offer.networks, input, given, row.currencyCode);
  const market = findMarket(network.id, network.country)!;
  const read = readMobileNumber(given, market);
  if ('problem' in read) throw invalidField('phone', numberProblemMessage(read.problem, network));
  if (locked && input.phone) {
    const asked = readMobileNumber(input.phone, market);
    if (!('e164' in asked) || asked.e164 !== read.e164) {
      throw invalidField('phone', 'this payment must be made from the phone number the merchant gave');
    }
  }
  const phone = read.e164;

  const rail = promptRailFor(await modeOf(db, row.tenantId), row.currencyCode, {
    country: network.country,
    network: network.id,
  });
  const windowSeconds = config().MOBILE_MONEY_ATTEMPT_TIMEOUT_SECONDS;
  await db.transaction(async (tx) => {
    await abandonWaitingTransfers(tx, row.id);
    const replaced = row.status === 'processing' ? await replaceLivePrompt(tx, row) : undefined;
    if (!replaced) {
      await transitionCheckout(tx, {
        checkoutId: row.id,
        tenantId: row.tenantId,
        transition: 'start_payment',
        set: { paymentMethod: 'mobile_money', approvalStatus: 'pending_approval' },
      });
    }
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        checkoutId: row.id,
        ...ownerOf(row),
        method: 'mobile_money',
        network: network.id,
        phone,
        amount: row.amount,
        currencyCode: row.currencyCode,
        status: 'processing',
        provider: rail.name,
        respondBy: sql`now() + make_interval(secs => ${windowSeconds})`,
      })
      .returning();
    // The rail is called by a job once this commits (lib/collections/live/mobile-money.ts).
    await queuePrompt(tx, attempt!.id);
    await enqueueJob(
      tx,
      'time_out_payment_attempt',
      { attempt_id: attempt!.id },
      {
        runAt: attempt!.respondBy!,
        jobKey: `attempt_timeout:${attempt!.id}`,
      },
    );
  });
}

/**
 * The offered network the customer chose: by `network`, then `country` where the currency spans
 * several countries (XOF, XAF), else the country of an international number.
 */
function chooseNetwork(
  networks: OfferedNetwork[],
  input: { network: string; country?: string | undefined },
  phone: string,
  currency: string,
): OfferedNetwork {
  const ofNetwork = networks.filter((n) => n.id === input.network);
  if (!ofNetwork.length) throw invalidField('network', `${input.network} is not available for ${currency}`);
  const country = input.country ?? countryOfInternationalNumber(phone);
  const chosen = ofNetwork.length === 1 && !input.country ? ofNetwork[0] : ofNetwork.find((n) => n.country === country);
  if (chosen) return chosen;
  const countries = ofNetwork.map((n) => n.country).join(', ');
  if (input.country)
    throw invalidField('country', `${input.network} is available for ${currency} in ${countries} only`);
  throw invalidField(
    'country',
    `is required: ${input.network} takes ${currency} in ${countries} (or give the number with its +country code)`,
  );
}

function numberProblemMessage(problem: NumberProblem, network: OfferedNetwork): string {
  if (problem.kind === 'other_network') {
    return `is ${problem.belongsTo ? `a ${problem.belongsTo}` : "another network's"} number, not ${network.label}`;
  }
  if (problem.kind === 'other_country') return `is not a +${network.country_calling_code} number`;
  return `is not a ${network.label} number (for example ${network.example})`;
}

/**
 * Shows bank-transfer instructions: the checkout moves to `awaiting_payment_initiation` with an
 * attempt holding the account details. Choosing again returns the same instructions, unless the
 * provider's account for them lapsed: then the old attempt is abandoned and a new account opens.
 */
export async function chooseBankTransfer(db: Db, row: CheckoutRow) {
  const offer = (await methodsFor(db, row)).find((m) => m.method === 'bank_transfer');
  if (!offer) throw conflict('method_unavailable', 'Bank transfer is not available for this payment');
  const current = await latestAttempt(db, row.id);
  // A provider's account lives a while only (Paystack: 30 minutes); once it lapsed, a new one opens.
  const lapsed = current?.respondBy != null && current.respondBy.getTime() <= Date.now();
  if (row.status === 'awaiting_payment_initiation' && current?.status === 'awaiting_transfer' && !lapsed) return;

  const rail = bankTransferRailFor(await modeOf(db, row.tenantId), row.currencyCode);
  await refuseImpossibleMove(db, row, 'choose_bank_transfer');
  return openBankTransfer(db, rail, row, offer.requires_manual_approval);
}

/** "I have sent the transfer": the checkout moves to `processing` and waits for the money or an operator. */
export async function claimBankTransfer(db: Db, row: CheckoutRow) {
  await db.transaction(async (tx) => {
    const [attempt] = await moveAttempts(tx, 'transfer_claimed', { checkoutId: row.id, method: 'bank_transfer' });
    if (!attempt) throw conflict('no_transfer_to_claim', 'Choose bank transfer before saying the money was sent');
    await transitionCheckout(tx, {
      checkoutId: row.id,
      tenantId: row.tenantId,
      transition: 'start_payment',
      eventType: 'checkout.payment_claimed',
    });
  });
}
