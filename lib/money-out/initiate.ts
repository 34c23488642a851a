import { z } from 'zod';
import { customerTransactions, ownerOf } from '../platform/db/schema';
import { type PayoutKind } from '../platform/vocabulary';
import type { MerchantCtx } from '../access/endpoints';
import { conflict, invalidField } from '../platform/http/errors';
import { validate } from '../platform/http/parse';
import { config } from '../platform/config';
import { feeFor } from '../books/fees';
import { type CurrencyCode } from '../platform/money/currencies';
import { nonZero, postEntry } from '../books/ledger/post-entry';
import { recordEvent } from '../notifications/events/record-event';
import { payoutRailFor, queuePickUp } from '../rails';
import type { PayoutRail } from '../rails/providers/types';
import { assertCanSendMoney, findWallet } from '../books/wallets/find-wallet';
import { findPaymentAccount } from './payment-accounts/manage';
import { readPayoutNumber } from '../rails/payout-destination';
import { bankRecipient, mobileRecipient, type PayoutInput, type PayoutType, type WithdrawalInput } from './input';
import { moneyOutEvent, presentPayoutOf } from './present';

/** Where the money goes, as stored on the transaction (spec 2.4's payout fields). */
interface Destination {
  payoutType: PayoutType;
  paymentAccountId: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  recipientPhone: string | null;
  bankAccountNumber: string | null;
  bankRoutingNumber: string | null;
  bankName: string | null;
  accountHolderName: string | null;
  mobileNumber: string | null;
  networkProvider: string | null;
}

/** recipient_details checked against payout_type; each error names `recipient_details.<field>`. */
function adHocDestination(
  currency: CurrencyCode,
  payoutType: PayoutType,
  details: Record<string, unknown>,
): Destination {
  const schema = payoutType === 'bank_transfer' ? bankRecipient : mobileRecipient;
  const recipient = validate(schema, details, 'recipient_details', 'recipient_details');
  const base = {
    payoutType,
    paymentAccountId: null,
    recipientName: recipient.recipient_name,
    recipientEmail: recipient.recipient_email ?? null,
    recipientPhone: recipient.recipient_phone ?? null,
    bankAccountNumber: null,
    bankRoutingNumber: null,
    bankName: null,
    accountHolderName: null,
    mobileNumber: null,
    networkProvider: null,
  };
  if ('bank_account_number' in recipient) {
    const bank = recipient;
    return {
      ...base,
      bankAccountNumber: bank.bank_account_number,
      bankRoutingNumber: bank.bank_routing_number ?? null,
      bankName: bank.bank_name,
      accountHolderName: bank.account_holder_name,
    };
  }
  const mobile = recipient as z.output<typeof mobileRecipient>;
  const read = readPayoutNumber(currency, mobile.network_provider, mobile.mobile_number);
  if (!('e164' in read)) {
    throw invalidField(
      read.field === 'phone' ? 'recipient_details.mobile_number' : 'recipient_details.network_provider',
      read.message,
    );
  }
  return { ...base, mobileNumber: read.e164, networkProvider: mobile.network_provider };
}

async function savedAccountDestination(
  ctx: Pick<MerchantCtx, 'db' | 'merchant' | 'tenant'>,
  currency: CurrencyCode,
  accountId: string,
): Promise<Destination> {
  const account = await findPaymentAccount(ctx.db, ctx.tenant, accountId);
  if (account.currencyCode !== currency) {
    throw invalidField('payment_account_id', `is a ${account.currencyCode} account; this withdrawal is in ${currency}`);
  }
  if (account.status !== 'active') {
    throw conflict(
      'payment_account_not_active',
      `This payment account is ${account.status}; only active accounts can receive money`,
    );
  }
  const bank = account.accountType === 'bank_account';
  return {
    payoutType: bank ? 'bank_transfer' : 'mobile_money',
    paymentAccountId: account.id,
    recipientName: account.accountHolderName ?? ctx.merchant.name,
    recipientEmail: null,
    recipientPhone: null,
    bankAccountNumber: account.accountNumber,
    bankRoutingNumber: account.bankRoutingNumber,
    bankName: account.bankName,
    accountHolderName: account.accountHolderName,
    mobileNumber: account.phoneNumber,
    networkProvider: account.networkProvider,
  };
}

/** What the rail would refuse, as a 422 now, before anything is debited. */
function assertRailTakes(rail: PayoutRail, destination: Destination, amount: bigint, currency: CurrencyCode) {
  const saved = destination.paymentAccountId !== null;
  if (rail.needsBankCode && destination.payoutType === 'bank_transfer' && !destination.bankRoutingNumber) {
    // A real bank transfer needs the bank's code (Paystack's bank_code, e.g. 058 for GTBank).
    throw saved
      ? invalidField('payment_account_id', "has no bank_routing_number: live bank payouts need the bank's code")
      : invalidField('recipient_details.bank_routing_number', "is required for live bank payouts: the bank's code");
  }
  const problem = rail.problemWith({ amount, currency, network: destination.networkProvider });
  if (!problem) return;
  if (problem.about === 'amount') throw invalidField('amount', problem.message);
  throw invalidField(saved ? 'payment_account_id' : 'recipient_details.network_provider', problem.message);
}

/**
 * Starts a withdrawal (to the merchant's own account) or a payout (to a third party). In one
 * transaction, with the wallet row locked: the transaction row (PENDING), the ledger entry that takes
 * amount + fee from available (→ payouts_in_flight and fees; 409 `insufficient_funds` when short), the
 * `<kind>.created` event, and the rail's pick-up job.
 */
export async function initiatePayout<K extends PayoutKind>(
  ctx: Pick<MerchantCtx, 'db' | 'merchant' | 'tenant' | 'idempotencyKey'>,
  kind: K,
  input: WithdrawalInput | PayoutInput,
) {
  const { minor: amount, currency } = input.money;
  const destination =
    'payment_account_id' in input && input.payment_account_id
      ? await savedAccountDestination(ctx, currency, input.payment_account_id)
      : adHocDestination(currency, input.payout_type!, input.recipient_details!);
  const rail = payoutRailFor(ctx.tenant.mode, currency, destination.payoutType, {
    network: destination.networkProvider,
    phone: destination.mobileNumber,
  });
  assertRailTakes(rail, destination, amount, currency);
  const fee = feeFor(config().FEE_SCHEDULE, `${kind}.${destination.payoutType}`, currency, amount, 'on_top');
  const { tenant } = ctx;

  return ctx.db.transaction(async (tx) => {
    const { wallet } = await findWallet(tx, tenant, currency, { lock: true });
    assertCanSendMoney(wallet, currency);
    const [row] = await tx
      .insert(customerTransactions)
      .values({
        ...ownerOf(tenant),
        walletId: wallet.id,
        currencyId: wallet.currencyId,
        currencyCode: currency,
        transactionType: 'payout',
        status: 'pending',
        payoutKind: kind,
        payoutStatus: 'pending',
        amount: amount + fee,
        feeAmount: fee,
        netAmount: amount,
        // Settled when the rail confirms the money reached the recipient (completePayout), never before.
        settlementStatus: 'unsettled',
        ...destination,
        payoutReason: 'payout_reason' in input ? input.payout_reason : null,
        provider: rail.name,
        notes: input.notes ?? null,
        idempotencyKey: ctx.idempotencyKey,
      })
      .returning();
    await postEntry(tx, {
      ...ownerOf(tenant),
      kind: kind === 'withdrawal' ? 'withdrawal' : 'payout',
      description: `${kind === 'withdrawal' ? 'Withdrawal' : 'Payout'} to ${destination.recipientName ?? 'recipient'}`,
      customerTransactionId: row!.id,
      stamp: 'lastPayoutAt',
      lines: nonZero([
        { account: 'merchant_available', direction: 'debit', amount, currency, purpose: kind },
        { account: 'merchant_available', direction: 'debit', amount: fee, currency, purpose: 'fee' },
        { account: 'payouts_in_flight', direction: 'credit', amount, currency, purpose: kind },
        { account: 'fees', direction: 'credit', amount: fee, currency, purpose: 'fee' },
      ]),
    });
    const presented = presentPayoutOf(kind, row!);
    await recordEvent(tx, moneyOutEvent(row!, 'created'));
    await queuePickUp(tx, rail, row!.id);
    return presented;
  });
}
