import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { conversionQuotes, conversions, ownerOf, type Tenant } from '../../platform/db/schema';
import type { MerchantCtx } from '../../access/endpoints';
import { ApiError, conflict, invalidField, notFound } from '../../platform/http/errors';
import { config } from '../../platform/config';
import { feeFor } from '../fees';
import { MAX_MINOR_UNITS, toMajorUnits } from '../../platform/money/amount';
import type { CurrencyCode } from '../../platform/money/currencies';
import { nonZero, postEntry } from '../ledger/post-entry';
import { recordEvent } from '../../notifications/events/record-event';
import { assertCanSendMoney, findWallet } from '../wallets/find-wallet';
import { convert } from './rates';
import type { convertInput, quoteInput } from './input';
import { presentConversion, presentQuote } from './present';

/**
 * A quote: the fee (conversion fee schedule, taken from the `from` amount) and what the rest buys at
 * the table's cross rate, rounded down. Good for CONVERSION_QUOTE_LIFETIME_SECONDS, usable once.
 */
export async function createQuote(
  ctx: Pick<MerchantCtx, 'db' | 'merchant' | 'tenant'>,
  input: z.output<typeof quoteInput>,
) {
  const { minor: amount, currency: from } = input.money;
  const to = input.to_currency;
  const fee = feeFor(config().FEE_SCHEDULE, 'conversion', from, amount);
  const price = convert(config().CONVERSION_RATES, from, to, amount - fee);
  if (price.toAmount <= 0n) {
    throw invalidField('amount', `is too small: after the fee it buys less than the smallest unit of ${to}`);
  }
  if (price.toAmount > MAX_MINOR_UNITS) {
    throw invalidField('amount', `is too large: it would buy more than ${toMajorUnits(MAX_MINOR_UNITS, to)} ${to}`);
  }
  const [quote] = await ctx.db
    .insert(conversionQuotes)
    .values({
      ...ownerOf(ctx.tenant),
      fromCurrency: from,
      toCurrency: to,
      fromAmount: amount,
      feeAmount: fee,
      toAmount: price.toAmount,
      rate: price.rate,
      expiresAt: sql`now() + make_interval(secs => ${config().CONVERSION_QUOTE_LIFETIME_SECONDS})`,
    })
    .returning();
  return presentQuote(quote!);
}

/**
 * Carries out a quote: one ledger entry, balanced in each currency.
 *   from: debit merchant_available (conversion + fee); credit fx_position; credit fees
 *   to:   debit fx_position; credit merchant_available (conversion)
 * The same `idempotency_key` returns the first conversion; an expired or used quote is a 409.
 */
export async function convertWithQuote(
  ctx: Pick<MerchantCtx, 'db' | 'merchant' | 'tenant'>,
  input: z.output<typeof convertInput>,
) {
  const { tenant } = ctx;
  return ctx.db.transaction(async (tx) => {
    // Requests with one key queue up here, so the second sees the first's conversion.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`conversion:${tenant.id}:${input.idempotency_key}`}, 0))`,
    );
    const [previous] = await tx
      .select()
      .from(conversions)
      .where(and(eq(conversions.tenantId, tenant.id), eq(conversions.idempotencyKey, input.idempotency_key)));
    if (previous) {
      if (previous.quoteId !== input.quote_id) {
        throw new ApiError(422, 'idempotency_key_reused', 'This idempotency_key was already used for another quote', [
          { field: 'idempotency_key', message: 'already used for another quote' },
        ]);
      }
      return { conversion: presentConversion(previous), replayed: true };
    }

    const [quote] = await tx
      .select()
      .from(conversionQuotes)
      .where(and(eq(conversionQuotes.id, input.quote_id), eq(conversionQuotes.tenantId, tenant.id)))
      .for('update');
    if (!quote) throw notFound('Quote');
    if (quote.usedAt) throw conflict('quote_used', 'This quote has already been used; ask for a new one');
    const [{ expired } = { expired: true }] = await tx.execute<{ expired: boolean }>(
      sql`select ${quote.expiresAt.toISOString()}::timestamptz <= now() as expired`,
    );
    if (expired) throw conflict('quote_expired', 'This quote has expired; ask for a new one');

    const from = quote.fromCurrency;
    const to = quote.toCurrency;
    const { wallet: fromWallet } = await lockBoth(tx, tenant, from, to);
    assertCanSendMoney(fromWallet, from);

    await tx
      .update(conversionQuotes)
      .set({ usedAt: sql`now()` })
      .where(eq(conversionQuotes.id, quote.id));
    const [conversion] = await tx
      .insert(conversions)
      .values({
        ...ownerOf(tenant),
        quoteId: quote.id,
        idempotencyKey: input.idempotency_key,
        fromCurrency: from,
        toCurrency: to,
        fromAmount: quote.fromAmount,
        feeAmount: quote.feeAmount,
        toAmount: quote.toAmount,
        rate: quote.rate,
      })
      .returning();
    const converted = quote.fromAmount - quote.feeAmount;
    await postEntry(tx, {
      ...ownerOf(tenant),
      kind: 'conversion',
      description: `Conversion of ${toMajorUnits(quote.fromAmount, from)} ${from} to ${toMajorUnits(quote.toAmount, to)} ${to} at ${quote.rate}`,
      conversionId: conversion!.id,
      lines: nonZero([
        { account: 'merchant_available', direction: 'debit', amount: converted, currency: from, purpose: 'conversion' },
        { account: 'merchant_available', direction: 'debit', amount: quote.feeAmount, currency: from, purpose: 'fee' },
        { account: 'fx_position', direction: 'credit', amount: converted, currency: from, purpose: 'conversion' },
        { account: 'fees', direction: 'credit', amount: quote.feeAmount, currency: from, purpose: 'fee' },
        { account: 'fx_position', direction: 'debit', amount: quote.toAmount, currency: to, purpose: 'conversion' },
        {
          account: 'merchant_available',
          direction: 'credit',
          amount: quote.toAmount,
          currency: to,
          purpose: 'conversion',
        },
      ]),
    });
    const presented = presentConversion(conversion!);
    await recordEvent(tx, {
      ...ownerOf(tenant),
      eventType: 'conversion.completed',
      resourceType: 'conversion',
      resourceId: conversion!.id,
      data: presented,
    });
    return { conversion: presented, replayed: false };
  });
}

/** Locks both wallets in currency order (every verb does), so opposite conversions cannot deadlock. */
async function lockBoth(tx: Parameters<typeof findWallet>[0], tenant: Tenant, from: CurrencyCode, to: CurrencyCode) {
  const [first, second] = [from, to].sort();
  const a = await findWallet(tx, tenant, first!, { lock: true });
  const b = await findWallet(tx, tenant, second!, { lock: true });
  return a.currency === from ? a : b;
}
