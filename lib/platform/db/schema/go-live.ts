import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, moment, updatedAt, currencyCode } from './columns';
import { merchants } from './merchants';
import { authUsers } from './auth';
import type { NetworkProvider, PaymentAccountType } from '../../vocabulary';
import {
  GO_LIVE_STATUSES,
  GO_LIVE_DECISIONS,
  GO_LIVE_DOCUMENT_KINDS,
  type GoLiveStatus,
  type GoLiveDecision,
  type GoLiveDocumentKind,
} from '../../vocabulary';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A business's application to take real money (one current per merchant): who it is, who owns it,
 * where its money is settled. `draft → submitted → approved | rejected | more_info`,
 * `more_info → submitted`, each move a conditional update on `status`; every move is also a line of
 * `go_live_decisions`. A rejected application can be followed by a new one (`previousApplicationId`):
 * the rejected one is then `supersededAt` and stays, with its decisions and documents, as history.
 */
export const goLiveApplications = pgTable(
  'go_live_applications',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    status: text().$type<GoLiveStatus>().notNull().default('draft'),
    legalName: text(),
    tradingName: text(),
    registrationNumber: text(),
    country: text(),
    businessAddress: text(),
    website: text(),
    businessDescription: text(),
    ownerName: text(),
    ownerEmail: text(),
    ownerPhone: text(),
    /** The settlement account, in the payment accounts' words (bank_account or mobile_money). */
    settlementCurrencyCode: currencyCode(),
    settlementAccountType: text().$type<PaymentAccountType>(),
    accountHolderName: text(),
    bankName: text(),
    accountNumber: text(),
    phoneNumber: text(),
    networkProvider: text().$type<NetworkProvider>(),
    /** The operator's last answer (rejected, more_info), shown to the merchant. */
    decisionReason: text(),
    submittedAt: moment(),
    decidedAt: moment(),
    /** The rejected application this one follows (its fields were copied), null for a first one. */
    previousApplicationId: uuid().references((): AnyPgColumn => goLiveApplications.id),
    /** Set when a new application follows this (rejected) one: it is history, no longer current. */
    supersededAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('go_live_applications_merchant_unique')
      .on(t.merchantId)
      .where(sql`${t.supersededAt} is null`),
    index('go_live_applications_history_idx').on(t.merchantId, t.createdAt),
    check('go_live_applications_superseded_rejected', sql`${t.supersededAt} is null or ${t.status} = 'rejected'`),
    index('go_live_applications_status_idx').on(t.status, t.submittedAt),
    check('go_live_applications_status_check', sql`${t.status} in (${inList(GO_LIVE_STATUSES)})`),
  ],
);

/** Every move of an application: by whom (a member or an operator), when, and why. Never updated. */
export const goLiveDecisions = pgTable(
  'go_live_decisions',
  {
    id: id(),
    applicationId: uuid()
      .notNull()
      .references(() => goLiveApplications.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    decision: text().$type<GoLiveDecision>().notNull(),
    reason: text(),
    userId: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('go_live_decisions_application_idx').on(t.applicationId, t.createdAt),
    check('go_live_decisions_decision_check', sql`${t.decision} in (${inList(GO_LIVE_DECISIONS)})`),
  ],
);

/** A document of the application, its bytes in the database (no directory to back up or serve). */
export const goLiveDocuments = pgTable(
  'go_live_documents',
  {
    id: id(),
    applicationId: uuid()
      .notNull()
      .references(() => goLiveApplications.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    kind: text().$type<GoLiveDocumentKind>().notNull(),
    /** The name it was uploaded under, shown only: its kind comes from its bytes. */
    fileName: text().notNull(),
    sizeBytes: integer().notNull(),
    content: bytea().notNull(),
    uploadedBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('go_live_documents_application_idx').on(t.applicationId, t.createdAt),
    check('go_live_documents_kind_check', sql`${t.kind} in (${inList(GO_LIVE_DOCUMENT_KINDS)})`),
    check('go_live_documents_size_check', sql`${t.sizeBytes} = octet_length(${t.content})`),
  ],
);
