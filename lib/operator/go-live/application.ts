import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { goLiveApplications, goLiveDecisions, goLiveDocuments } from '../../platform/db/schema';
import { type GoLiveDecision, type GoLiveStatus } from '../../platform/vocabulary';
import type { Db } from '../../platform/db/client';
import { conflict, unprocessable, type FieldError } from '../../platform/http/errors';
import { formatTimestamp } from '../../platform/time';
import type { GoLiveFieldsInput } from './input';

type ApplicationRow = typeof goLiveApplications.$inferSelect;

/** The merchant's current application (a rejected one followed by a new one is history). */
export const currentOf = (merchantId: string) =>
  and(eq(goLiveApplications.merchantId, merchantId), isNull(goLiveApplications.supersededAt));

/** Statuses in which the business may still change what it sent. */
export const EDITABLE: readonly GoLiveStatus[] = ['draft', 'more_info'];

/** Who moved an application: the member or the operator, as the decision history names them. */
export interface Decider {
  userId: string;
  email: string;
}

export function presentApplication(row: ApplicationRow) {
  return {
    id: row.id,
    merchant_id: row.merchantId,
    status: row.status,
    legal_name: row.legalName,
    trading_name: row.tradingName,
    registration_number: row.registrationNumber,
    country: row.country,
    business_address: row.businessAddress,
    website: row.website,
    business_description: row.businessDescription,
    owner_name: row.ownerName,
    owner_email: row.ownerEmail,
    owner_phone: row.ownerPhone,
    settlement_currency_code: row.settlementCurrencyCode,
    settlement_account_type: row.settlementAccountType,
    account_holder_name: row.accountHolderName,
    bank_name: row.bankName,
    account_number: row.accountNumber,
    phone_number: row.phoneNumber,
    network_provider: row.networkProvider,
    decision_reason: row.decisionReason,
    submitted_at: formatTimestamp(row.submittedAt),
    decided_at: formatTimestamp(row.decidedAt),
    previous_application_id: row.previousApplicationId,
    created_at: formatTimestamp(row.createdAt)!,
  };
}
export type GoLiveApplication = ReturnType<typeof presentApplication>;

const columnsOf = (input: GoLiveFieldsInput) => ({
  legalName: input.legal_name ?? null,
  tradingName: input.trading_name ?? null,
  registrationNumber: input.registration_number ?? null,
  country: input.country ?? null,
  businessAddress: input.business_address ?? null,
  website: input.website ?? null,
  businessDescription: input.business_description ?? null,
  ownerName: input.owner_name ?? null,
  ownerEmail: input.owner_email ?? null,
  ownerPhone: input.owner_phone ?? null,
  settlementCurrencyCode: input.settlement_currency_code ?? null,
  settlementAccountType: input.settlement_account_type ?? null,
  accountHolderName: input.account_holder_name ?? null,
  bankName: input.bank_name ?? null,
  accountNumber: input.account_number ?? null,
  phoneNumber: input.phone_number ?? null,
  networkProvider: input.network_provider ?? null,
});

/** The columns the business fills (what a new application after a rejection starts from). */
type FieldColumn = keyof ReturnType<typeof columnsOf>;
const FIELD_COLUMNS = Object.keys(columnsOf({} as GoLiveFieldsInput)) as FieldColumn[];

const wrongStatus = (status: GoLiveStatus, doing: string) =>
  conflict('go_live_wrong_status', `The application is ${status.replace('_', ' ')}: it cannot be ${doing} now`);

/**
 * The merchant's application, locked, made a draft if it has none yet; refused unless the business
 * may still change it (draft, or more information asked).
 */
export async function editableApplication(db: Db, merchantId: string): Promise<ApplicationRow> {
  await db.insert(goLiveApplications).values({ merchantId }).onConflictDoNothing();
  const [row] = await db.select().from(goLiveApplications).where(currentOf(merchantId)).for('update');
  if (!EDITABLE.includes(row!.status)) throw wrongStatus(row!.status, 'changed');
  return row!;
}

/** Saves the fields as given (a draft may be half-filled); the status does not move. */
export async function saveApplication(db: Db, merchantId: string, input: GoLiveFieldsInput) {
  const current = await editableApplication(db, merchantId);
  const [row] = await db
    .update(goLiveApplications)
    .set({ ...columnsOf(input), updatedAt: sql`now()` })
    .where(and(eq(goLiveApplications.id, current.id), inArray(goLiveApplications.status, [...EDITABLE])))
    .returning();
  if (!row) throw wrongStatus(current.status, 'changed');
  return presentApplication(row);
}

const REQUIRED: [keyof ApplicationRow, string][] = [
  ['legalName', 'legal_name'],
  ['registrationNumber', 'registration_number'],
  ['country', 'country'],
  ['businessAddress', 'business_address'],
  ['businessDescription', 'business_description'],
  ['ownerName', 'owner_name'],
  ['ownerEmail', 'owner_email'],
  ['settlementCurrencyCode', 'settlement_currency_code'],
  ['settlementAccountType', 'settlement_account_type'],
  ['accountHolderName', 'account_holder_name'],
];

/** What the operator needs that the application lacks, field by field. */
export function missingForSubmission(row: ApplicationRow, documents: number): FieldError[] {
  const missing: FieldError[] = REQUIRED.filter(([column]) => !row[column]).map(([, field]) => ({
    field,
    message: 'is required to submit',
  }));
  const needs: [keyof ApplicationRow, string][] =
    row.settlementAccountType === 'mobile_money'
      ? [
          ['phoneNumber', 'phone_number'],
          ['networkProvider', 'network_provider'],
        ]
      : row.settlementAccountType === 'bank_account'
        ? [
            ['bankName', 'bank_name'],
            ['accountNumber', 'account_number'],
          ]
        : [];
  for (const [column, field] of needs)
    if (!row[column]) missing.push({ field, message: 'is required for this kind of account' });
  if (documents === 0) missing.push({ field: 'document', message: 'add at least one document' });
  return missing;
}

async function recordDecision(
  db: Db,
  row: ApplicationRow,
  decision: GoLiveDecision,
  by: Decider,
  reason: string | null,
) {
  await db.insert(goLiveDecisions).values({
    applicationId: row.id,
    merchantId: row.merchantId,
    decision,
    reason,
    userId: by.userId,
    actorEmail: by.email,
  });
}

/** Draft (or more information asked) → submitted, once everything the operator needs is there. */
export async function submitApplication(db: Db, merchantId: string, by: Decider) {
  const current = await editableApplication(db, merchantId);
  const [held] = await db
    .select({ n: count() })
    .from(goLiveDocuments)
    .where(eq(goLiveDocuments.applicationId, current.id));
  const missing = missingForSubmission(current, held?.n ?? 0);
  if (missing.length) throw unprocessable(missing, 'The application is not complete yet');
  const [row] = await db
    .update(goLiveApplications)
    .set({ status: 'submitted', submittedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(goLiveApplications.id, current.id), inArray(goLiveApplications.status, [...EDITABLE])))
    .returning();
  if (!row) throw wrongStatus(current.status, 'submitted');
  await recordDecision(db, row, 'submitted', by, null);
  return presentApplication(row);
}

/** An operator's move: only a submitted application is decided (a conditional update on its status). */
export async function decideApplication(
  db: Db,
  merchantId: string,
  decision: Exclude<GoLiveDecision, 'submitted'>,
  by: Decider,
  reason: string | null,
) {
  const [row] = await db
    .update(goLiveApplications)
    .set({ status: decision, decisionReason: reason, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(currentOf(merchantId), eq(goLiveApplications.status, 'submitted')))
    .returning();
  if (!row) {
    const [found] = await db
      .select({ status: goLiveApplications.status })
      .from(goLiveApplications)
      .where(currentOf(merchantId));
    throw found
      ? wrongStatus(found.status, 'decided')
      : conflict('go_live_wrong_status', 'No application was submitted');
  }
  await recordDecision(db, row, decision, by, reason);
  return row;
}

/**
 * After a rejection, a new application: the rejected one is kept as history (superseded, with its
 * decisions and documents) and a draft follows it with its fields copied, for the owner to correct
 * and send again. Documents are not copied: the operator reviews what is sent with the new one.
 * A conditional update on the rejected row, so two clicks make one draft.
 */
export async function reapply(db: Db, merchantId: string) {
  const [previous] = await db
    .update(goLiveApplications)
    .set({ supersededAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(currentOf(merchantId), eq(goLiveApplications.status, 'rejected')))
    .returning();
  if (!previous) {
    const [found] = await db
      .select({ status: goLiveApplications.status })
      .from(goLiveApplications)
      .where(currentOf(merchantId));
    throw found
      ? conflict(
          'go_live_wrong_status',
          `The application is ${found.status.replace('_', ' ')}: only a rejected one can be followed by a new one`,
        )
      : conflict('go_live_wrong_status', 'No application was rejected');
  }
  const copied = Object.fromEntries(FIELD_COLUMNS.map((column) => [column, previous[column]])) as Pick<
    ApplicationRow,
    FieldColumn
  >;
  const [row] = await db
    .insert(goLiveApplications)
    .values({ ...copied, merchantId, previousApplicationId: previous.id })
    .returning();
  return presentApplication(row!);
}
