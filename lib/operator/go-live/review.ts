import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { authMembers, authUsers, goLiveApplications, merchants } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { queueMail } from '../../platform/mail/outbox';
import { notFound } from '../../platform/http/errors';
import { formatTimestamp } from '../../platform/time';
import { updateMerchant } from '../merchants/manage-merchant';
import { currentOf, decideApplication, type Decider } from './application';
import { goLiveAnswerMail } from './mails';

/** Applications for the console: submitted ones first (oldest first), then the rest, newest first. */
export async function listApplications(db: Db) {
  const rows = await db
    .select({ application: goLiveApplications, merchantName: merchants.name })
    .from(goLiveApplications)
    .innerJoin(merchants, eq(merchants.id, goLiveApplications.merchantId))
    .where(
      and(
        inArray(goLiveApplications.status, ['submitted', 'more_info', 'approved', 'rejected']),
        // The current one per merchant: an earlier, rejected one shows in its application's history.
        isNull(goLiveApplications.supersededAt),
      ),
    )
    .orderBy(desc(goLiveApplications.updatedAt))
    .limit(200);
  const waiting = rows.filter((r) => r.application.status === 'submitted').reverse();
  const others = rows.filter((r) => r.application.status !== 'submitted');
  return [...waiting, ...others].map(({ application: a, merchantName }) => ({
    merchant_id: a.merchantId,
    merchant_name: merchantName,
    legal_name: a.legalName,
    status: a.status,
    submitted_at: formatTimestamp(a.submittedAt),
    decided_at: formatTimestamp(a.decidedAt),
  }));
}

/**
 * Approve: the application, then the verbs the console and the operator API use for KYB and live
 * mode (`updateMerchant`: KYB verified, then live mode on, which opens the live tenant), all in the
 * caller's transaction with its audit line.
 */
export async function approveApplication(db: Db, merchantId: string, by: Decider, note: string | null) {
  const row = await decideApplication(db, merchantId, 'approved', by, note);
  const merchant = await updateMerchant(db, merchantId, { kyb_status: 'verified', live_enabled: true });
  return { merchant_id: merchantId, status: row.status, live_enabled_at: merchant.live_enabled_at };
}

/**
 * Reject, or ask for more: the reason reaches the business in the dashboard and by email to each of
 * its owners, queued in this transaction (no decision without its mail, no mail without it).
 */
export async function answerApplication(
  db: Db,
  merchantId: string,
  decision: 'rejected' | 'more_info',
  by: Decider,
  reason: string,
) {
  const row = await decideApplication(db, merchantId, decision, by, reason);
  const [merchant] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  const owners = await db
    .select({ email: authUsers.email, locale: authUsers.locale })
    .from(authMembers)
    .innerJoin(authUsers, eq(authUsers.id, authMembers.userId))
    .where(and(eq(authMembers.organizationId, merchantId), eq(authMembers.role, 'owner')));
  const url = new URL('/dashboard/test/go-live', config().API_BASE_URL).toString();
  for (const owner of owners) {
    await queueMail(
      db,
      goLiveAnswerMail(owner.email, { decision, reason, merchant: merchant!.name, url, locale: owner.locale }),
    );
  }
  return { merchant_id: merchantId, status: row.status, mailed: owners.length };
}

/** A settlement account number as the console shows it by default: its last 4 digits only. */
export function maskAccountNumber(value: string | null): string | null {
  if (!value) return value;
  const compact = value.replaceAll(/\s/g, '');
  return compact.length <= 4 ? '••••' : `•••• ${compact.slice(-4)}`;
}

/**
 * The full settlement account of a business's current application, for an operator who asked to
 * see it (the console action writes who saw which application's account, and when).
 */
export async function revealSettlementAccount(db: Db, merchantId: string) {
  const [row] = await db
    .select({
      id: goLiveApplications.id,
      status: goLiveApplications.status,
      accountNumber: goLiveApplications.accountNumber,
      phoneNumber: goLiveApplications.phoneNumber,
    })
    .from(goLiveApplications)
    .where(currentOf(merchantId));
  // A draft is the business's own until it is sent: the console does not show it.
  if (!row || row.status === 'draft') throw notFound('Go-live application');
  return { application_id: row.id, account_number: row.accountNumber, phone_number: row.phoneNumber };
}
