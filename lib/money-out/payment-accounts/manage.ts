import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { paymentAccounts, ownerOf, type Tenant } from '../../platform/db/schema';
import { type NetworkProvider, type PaymentAccountType } from '../../platform/vocabulary';
import type { Db } from '../../platform/db/client';
import { conflict, notFound, unprocessable, type FieldError } from '../../platform/http/errors';
import type { CurrencyCode } from '../../platform/money/currencies';
import { recordEvent } from '../../notifications/events/record-event';
import { readPayoutNumber } from '../../rails/payout-destination';
import type { AddPaymentAccountInput, UpdatePaymentAccountInput } from './input';
import type { DeletedPaymentAccount } from './contract';
import { presentPaymentAccount, type PaymentAccountRow } from './present';

const BANK_FIELDS = ['account_number', 'bank_name', 'account_holder_name'] as const;
const MOBILE_FIELDS = ['phone_number', 'network_provider'] as const;

interface Details {
  account_number?: string | null;
  bank_name?: string | null;
  bank_routing_number?: string | null;
  account_holder_name?: string | null;
  phone_number?: string | null;
  network_provider?: NetworkProvider | null;
}

/**
 * Checks the details against the account type (required fields present, the other type's fields
 * absent, phone in E.164 for a network that pays out in the currency) and returns them normalised.
 */
function checkDetails(type: PaymentAccountType, currency: CurrencyCode, details: Details, given: Details): Details {
  const problems: FieldError[] = [];
  const required = type === 'bank_account' ? BANK_FIELDS : MOBILE_FIELDS;
  const foreign = type === 'bank_account' ? [...MOBILE_FIELDS] : [...BANK_FIELDS, 'bank_routing_number' as const];
  for (const field of required) if (!details[field]) problems.push({ field, message: `is required for ${type}` });
  for (const field of foreign) if (given[field] != null) problems.push({ field, message: `does not apply to ${type}` });
  let phone = details.phone_number ?? null;
  if (type === 'mobile_money' && phone && details.network_provider) {
    const read = readPayoutNumber(currency, details.network_provider, phone);
    if ('e164' in read) phone = read.e164;
    else problems.push({ field: read.field === 'phone' ? 'phone_number' : read.field, message: read.message });
  }
  if (problems.length) throw unprocessable(problems);
  return { ...details, phone_number: phone };
}

/** The checked details as the row's columns (absent ones cleared). */
const detailColumns = (details: Details) => ({
  accountNumber: details.account_number ?? null,
  bankName: details.bank_name ?? null,
  bankRoutingNumber: details.bank_routing_number ?? null,
  accountHolderName: details.account_holder_name ?? null,
  phoneNumber: details.phone_number ?? null,
  networkProvider: details.network_provider ?? null,
});

/** Account writes for one merchant and currency queue here, so "exactly one primary" holds under concurrency. */
const lockCurrency = (db: Db, tenant: Tenant, currency: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment-accounts:${tenant.id}:${currency}`}, 0))`);

const live = (tenant: Tenant) => and(eq(paymentAccounts.tenantId, tenant.id), isNull(paymentAccounts.deletedAt));

/** The old primary stops being one, with its own `payment_account.updated`. */
async function demotePrimary(db: Db, tenant: Tenant, currency: CurrencyCode, except?: string) {
  const demoted = await db
    .update(paymentAccounts)
    .set({ isPrimary: false, updatedAt: sql`now()` })
    .where(
      and(
        live(tenant),
        eq(paymentAccounts.currencyCode, currency),
        eq(paymentAccounts.isPrimary, true),
        except ? ne(paymentAccounts.id, except) : undefined,
      ),
    )
    .returning();
  for (const row of demoted) await announce(db, row, 'payment_account.updated');
}

async function announce(
  db: Db,
  row: PaymentAccountRow,
  eventType: 'payment_account.created' | 'payment_account.updated' | 'payment_account.deleted',
) {
  await recordEvent(db, {
    ...ownerOf(row),
    eventType,
    resourceType: 'payment_account',
    resourceId: row.id,
    data: presentPaymentAccount(row, 'masked'),
  });
}

/** The first account of a currency becomes its primary, whatever `is_primary` says; `is_primary: true` takes over. */
export async function addPaymentAccount(db: Db, tenant: Tenant, input: AddPaymentAccountInput) {
  const currency = input.currency_code;
  const details = checkDetails(input.account_type, currency, input, input);
  return db.transaction(async (tx) => {
    await lockCurrency(tx, tenant, currency);
    const [primary] = await tx
      .select({ id: paymentAccounts.id })
      .from(paymentAccounts)
      .where(and(live(tenant), eq(paymentAccounts.currencyCode, currency), eq(paymentAccounts.isPrimary, true)));
    const makePrimary = !primary || input.is_primary === true;
    if (makePrimary && primary) await demotePrimary(tx, tenant, currency);
    const [row] = await tx
      .insert(paymentAccounts)
      .values({
        ...ownerOf(tenant),
        currencyId: sql`(select id from currencies where code = ${currency})`,
        currencyCode: currency,
        accountType: input.account_type,
        isPrimary: makePrimary,
        ...detailColumns(details),
        providerMetadata: input.provider_metadata ?? null,
      })
      .returning();
    await announce(tx, row!, 'payment_account.created');
    return presentPaymentAccount(row!);
  });
}

export async function listPaymentAccounts(db: Db, tenant: Tenant, currency?: CurrencyCode) {
  const rows = await db
    .select()
    .from(paymentAccounts)
    .where(and(live(tenant), currency ? eq(paymentAccounts.currencyCode, currency) : undefined))
    .orderBy(
      asc(paymentAccounts.currencyCode),
      sql`${paymentAccounts.isPrimary} desc`,
      asc(paymentAccounts.createdAt),
      asc(paymentAccounts.id),
    );
  return rows.map((r) => presentPaymentAccount(r, 'masked'));
}

/** A live account of this merchant, or 404 (also another merchant's or a deleted one). */
export async function findPaymentAccount(db: Db, tenant: Tenant, accountId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(paymentAccounts)
    .where(and(live(tenant), eq(paymentAccounts.id, accountId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Payment account');
  return row;
}

/**
 * The account, read again after its currency's lock is held: a read before the lock could be stale
 * (another request may have just made it, or demoted it from, primary).
 */
async function lockedAccount(tx: Db, tenant: Tenant, accountId: string) {
  const unlocked = await findPaymentAccount(tx, tenant, accountId);
  await lockCurrency(tx, tenant, unlocked.currencyCode);
  return findPaymentAccount(tx, tenant, accountId, { lock: true });
}

export async function getPaymentAccount(db: Db, tenant: Tenant, accountId: string) {
  return presentPaymentAccount(await findPaymentAccount(db, tenant, accountId));
}

export async function updatePaymentAccount(
  db: Db,
  tenant: Tenant,
  accountId: string,
  input: UpdatePaymentAccountInput,
) {
  return db.transaction(async (tx) => {
    const current = await lockedAccount(tx, tenant, accountId);
    const { is_primary: isPrimary, status, provider_metadata: providerMetadata, ...given } = input;
    const merged: Details = {
      account_number: given.account_number ?? current.accountNumber,
      bank_name: given.bank_name ?? current.bankName,
      bank_routing_number:
        given.bank_routing_number === undefined ? current.bankRoutingNumber : given.bank_routing_number,
      account_holder_name: given.account_holder_name ?? current.accountHolderName,
      phone_number: given.phone_number ?? current.phoneNumber,
      network_provider: given.network_provider ?? current.networkProvider,
    };
    const details = checkDetails(current.accountType, current.currencyCode, merged, given);
    if (isPrimary === false && current.isPrimary) {
      throw conflict(
        'primary_account_required',
        'Each currency keeps one primary account: make another account primary instead',
      );
    }
    if (isPrimary === true && !current.isPrimary) await demotePrimary(tx, tenant, current.currencyCode, current.id);
    const [row] = await tx
      .update(paymentAccounts)
      .set({
        ...detailColumns(details),
        ...(isPrimary === true ? { isPrimary: true } : {}),
        ...(status ? { status } : {}),
        ...(providerMetadata !== undefined ? { providerMetadata } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(paymentAccounts.id, current.id))
      .returning();
    await announce(tx, row!, 'payment_account.updated');
    return presentPaymentAccount(row!);
  });
}

/** Deleting the primary account is refused (409): make another account primary first. */
export async function deletePaymentAccount(db: Db, tenant: Tenant, accountId: string): Promise<DeletedPaymentAccount> {
  return db.transaction(async (tx) => {
    const current = await lockedAccount(tx, tenant, accountId);
    const [row] = await tx
      .update(paymentAccounts)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentAccounts.id, current.id),
          isNull(paymentAccounts.deletedAt),
          eq(paymentAccounts.isPrimary, false),
        ),
      )
      .returning();
    if (!row) {
      const [still] = await tx
        .select({ isPrimary: paymentAccounts.isPrimary })
        .from(paymentAccounts)
        .where(and(eq(paymentAccounts.id, current.id), isNull(paymentAccounts.deletedAt)));
      if (still?.isPrimary) {
        throw conflict(
          'primary_account',
          'This is the primary account for its currency: make another account primary before deleting it',
        );
      }
      throw notFound('Payment account');
    }
    await announce(tx, row, 'payment_account.deleted');
    return { ...presentPaymentAccount(row, 'masked'), deleted: true as const };
  });
}
