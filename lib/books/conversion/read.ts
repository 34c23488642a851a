import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { conversions, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { offsetOf } from '../../platform/http/paging';
import { pagination } from '../../platform/http/envelope';
import type { listConversionsQuery } from './input';
import { presentConversion } from './present';

export async function listConversions(db: Db, tenant: Tenant, query: z.output<typeof listConversionsQuery>) {
  const where = and(
    eq(conversions.tenantId, tenant.id),
    query.from_currency ? eq(conversions.fromCurrency, query.from_currency) : undefined,
    query.to_currency ? eq(conversions.toCurrency, query.to_currency) : undefined,
    query.status ? eq(conversions.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(conversions)
      .where(where)
      .orderBy(desc(conversions.createdAt), desc(conversions.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(conversions).where(where),
  ]);
  return { data: rows.map(presentConversion), pagination: pagination(total?.n ?? 0, query.page, query.size) };
}

export async function getConversion(db: Db, tenant: Tenant, conversionId: string) {
  const [row] = await db
    .select()
    .from(conversions)
    .where(and(eq(conversions.id, conversionId), eq(conversions.tenantId, tenant.id)));
  if (!row) throw notFound('Conversion');
  return presentConversion(row);
}
