import crypto from 'node:crypto';

/**
 * What the Paystack contract server remembers, readable by tests (`server.state`). Amounts are bigint
 * minor units; they become JSON integers only in the answers. Field names follow Paystack's where a
 * record maps to one of its objects.
 */
export interface CustomerRecord {
  id: number;
  email: string;
  customerCode: string;
}

/** Why Paystack gave money back instead of paying the charge [PS-PWT-SUP]. */
export type RefundReason = 'incorrect_amount' | 'after_expiry' | 'already_paid';

export interface ChargeRecord {
  /** Paystack's transaction id (`data.id` in verify and charge.success). */
  id: number;
  reference: string;
  email: string;
  /** The amount asked for: the only amount the temporary account accepts. */
  amount: bigint;
  currency: string;
  /** `pending_bank_transfer` until paid, failed, or past its deadline (`abandoned`). */
  status: 'pending_bank_transfer' | 'success' | 'failed' | 'abandoned';
  accountNumber: string;
  accountName: string;
  bank: { slug: string; name: string; id: number };
  /** What the request asked for, and what Paystack answered (they may differ). */
  requestedExpiresAt: Date | null;
  accountExpiresAt: Date;
  metadata: unknown;
  createdAt: Date;
  paidAt: Date | null;
  gatewayResponse: string | null;
  customer: CustomerRecord;
  /** Transfers into the account that Paystack refunded. */
  refunds: { amount: bigint; reason: RefundReason }[];
}

export interface RecipientRecord {
  id: number;
  recipientCode: string;
  type: string;
  name: string;
  accountNumber: string;
  bankCode: string;
  bankName: string;
  currency: string;
  createdAt: Date;
}

export interface TransferRecord {
  id: number;
  transferCode: string;
  /** Our payout id: the idempotency key. */
  reference: string;
  amount: bigint;
  currency: string;
  reason: string | null;
  recipient: RecipientRecord;
  status: 'otp' | 'pending' | 'success' | 'failed' | 'reversed';
  gatewayResponse: string | null;
  /** NIBSS session id once the transfer reached the bank. */
  sessionId: string | null;
  createdAt: Date;
  updatedAt: Date;
  transferredAt: Date | null;
}

export interface PaystackState {
  charges: Map<string, ChargeRecord>;
  customers: Map<string, CustomerRecord>;
  recipients: Map<string, RecipientRecord>;
  /** By reference. A repeated reference never adds a second one. */
  transfers: Map<string, TransferRecord>;
  /** Per currency; a transfer takes its amount out, a failed or reversed one puts it back. */
  balances: Map<string, bigint>;
}

export function emptyState(balances: Record<string, bigint>): PaystackState {
  return {
    charges: new Map(),
    customers: new Map(),
    recipients: new Map(),
    transfers: new Map(),
    balances: new Map(Object.entries(balances)),
  };
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Lowercase letters and digits, as Paystack's own codes (`RCP_gd9vgag7n5lr5ix`, `kcvu0t3kzs`). */
export function randomCode(length: number): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

export function randomDigits(length: number): string {
  return Array.from(crypto.randomBytes(length), (b) => String(b % 10)).join('');
}

/** Ids that grow like Paystack's: each kind of object counts up from an example's value. */
export function idSequence(start: number): () => number {
  let next = start;
  return () => next++;
}
