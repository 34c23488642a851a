import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { sandboxRailRequests } from '../../../platform/db/schema';
import { getDb, type Db } from '../../../platform/db/client';
import type { CurrencyCode } from '../../../platform/money/currencies';
import type { BankAccountDetails, BankTransferRail, CollectionStatus } from '../types';
import { recordRequest } from './requests';

/**
 * The sandbox bank, a provider like Paystack's Pay with Transfer but with standing accounts, as most
 * banks collect: one account per currency, with the fields a customer paying in that currency needs
 * and no others (a Ghanaian transfer takes a branch code, a euro one an IBAN and BIC, a pound one a
 * sort code), and the payment reference quoted to say which checkout the money is for. Money arrives
 * through POST /api/sandbox/bank-transfers (`receiveSandboxTransfer`), and the service settles it by
 * this rail's status query, as it settles Paystack's.
 */
const SANDBOX_ACCOUNTS: Record<CurrencyCode, Partial<BankAccountDetails>> = {
  GHS: { account_number: '9000233001', branch_code: '000100' },
  KES: { account_number: '9000254001', branch_code: '000' },
  NGN: { account_number: '9000234001' },
  ETB: { account_number: '9000251001' },
  XOF: { iban: 'SN08SN0100152000025690007542', swift_code: 'SBXBSNDA' },
  XAF: { iban: 'CM2110003001000500000605306', swift_code: 'SBXBCMCX' },
  UGX: { account_number: '9000256001', swift_code: 'SBXBUGKA' },
  USD: { account_number: '9000840001', routing_number: '011000015', swift_code: 'SBXBUS33' },
  EUR: { iban: 'DE89370400440532013000', swift_code: 'SBXBDEFF' },
  GBP: { account_number: '90008260', sort_code: '00-01-00' },
};

export function sandboxCollectionAccount(currency: CurrencyCode): BankAccountDetails {
  return {
    bank_name: 'Sandbox Bank',
    account_name: 'Merchant Payments Collections',
    account_number: null,
    iban: null,
    branch_code: null,
    sort_code: null,
    routing_number: null,
    swift_code: null,
    ...SANDBOX_ACCOUNTS[currency],
  };
}

const sandboxReference = (prefix: string) => `${prefix}-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;

export const sandboxBankTransfer: BankTransferRail = {
  name: 'sandbox_bank',
  matchesByReference: true,
  async openAccount(request) {
    // The standing account is given with the reference to quote; the sandbox notes it, so its status
    // query can answer about this account as Paystack's answers about one of its own.
    const recorded = await recordRequest(getDb(), {
      reference: sandboxReference('SBX-AC'),
      kind: 'account',
      subjectId: request.attemptId,
      amount: request.amount,
      currencyCode: request.currency,
      quotedReference: request.reference,
    });
    return {
      kind: 'accepted',
      providerReference: recorded.reference,
      account: sandboxCollectionAccount(request.currency),
      expiresAt: null,
    };
  },
  async queryPayment({ providerReference }): Promise<CollectionStatus> {
    const db = getDb();
    const [asked] = await db
      .select()
      .from(sandboxRailRequests)
      .where(eq(sandboxRailRequests.reference, providerReference));
    if (!asked || !['account', 'transfer'].includes(asked.kind)) return { status: 'not_found' };
    // About an account: the first transfer that quoted its reference, if any has arrived.
    const [transfer] =
      asked.kind === 'transfer'
        ? [asked]
        : await db
            .select()
            .from(sandboxRailRequests)
            .where(
              and(
                eq(sandboxRailRequests.kind, 'transfer'),
                eq(sandboxRailRequests.quotedReference, asked.quotedReference!),
              ),
            )
            .orderBy(asc(sandboxRailRequests.createdAt), asc(sandboxRailRequests.reference))
            .limit(1);
    if (!transfer) return { status: 'pending' };
    return {
      status: 'succeeded',
      providerTransactionId: transfer.reference,
      amount: transfer.amount,
      currency: transfer.currencyCode,
      quotedReference: transfer.quotedReference!,
    };
  },
};

/** Money arrives at the sandbox bank quoting `paymentReference`; returns the transfer's reference. */
export async function receiveSandboxTransfer(
  db: Db,
  transfer: { paymentReference: string; amount: bigint; currency: CurrencyCode },
): Promise<string> {
  const { reference } = await recordRequest(db, {
    reference: sandboxReference('SBX-BT'),
    kind: 'transfer',
    subjectId: crypto.randomUUID(),
    amount: transfer.amount,
    currencyCode: transfer.currency,
    quotedReference: transfer.paymentReference,
    status: 'succeeded',
  });
  return reference;
}
