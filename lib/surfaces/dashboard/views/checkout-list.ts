import { z } from 'zod';
import type { CheckoutFull } from '../../../checkout/contract';
import { listCheckoutsQuery } from '../../../checkout/input';
import { getCheckout, listCheckouts } from '../../../checkout/read-checkouts';
import type { Db } from '../../../platform/db/client';
import type { Tenant } from '../../../platform/db/schema';
import { ApiError, type FieldError } from '../../../platform/http/errors';
import { zodFieldErrors } from '../../../platform/http/parse';
import { refundedOfCheckouts } from '../../../books/refunds';
import { isStorableText, UNSTORABLE_MESSAGE } from '../../../platform/http/storable-text';

/**
 * The Checkouts page's list: its address's search parameters read into the API's own list query
 * (`listCheckouts`, its schema and its verb), plus one search box. The box finds a part of a payment
 * reference, a customer's email or name, or the merchant's order id, in any case (the API's filters
 * are exact; this one is the dashboard's), or a whole checkout id, looked up in the tenant (another
 * merchant's or the other mode's id finds nothing).
 */
export const CHECKOUT_PAGE_SIZE = 20;

/** What the page's address may carry (anything else on it, like `locale`, is not the list's). */
export const CHECKOUT_SEARCH_KEYS = ['q', 'status', 'created_from', 'created_to', 'offset'] as const;
export type CheckoutSearch = Partial<Record<(typeof CHECKOUT_SEARCH_KEYS)[number], string>>;

export type SearchedBy = 'text' | 'id' | null;

/** Longer than any reference, email, name or order id it could be part of. */
export const SEARCH_MAX_LENGTH = 200;

export interface CheckoutListView {
  checkouts: CheckoutFull[];
  /** The search as read, echoed into the form (also when refused, to be corrected). */
  search: CheckoutSearch;
  /** The filters the list shows (for its paging links): none after a refusal. */
  applied: CheckoutSearch;
  searchedBy: SearchedBy;
  offset: number;
  hasMore: boolean;
  /** Why the address's filters were not used (the API's 422 field errors); null when they were. */
  problems: FieldError[] | null;
  /** The shown checkouts whose payment was refunded, in full or in part (by id). */
  refunds: Record<string, RefundState>;
}

/**
 * What the dashboard shows of a checkout's refunds beside its status: derived from the refunds only
 * for display; the checkout's own status stays what the API says.
 */
export type RefundState = 'refunded' | 'partially_refunded';

export function refundStateOf(paid: { amount: bigint; refunded: bigint } | undefined): RefundState | null {
  if (!paid || paid.refunded === 0n) return null;
  return paid.refunded >= paid.amount ? 'refunded' : 'partially_refunded';
}

async function withRefunds(db: Db, tenant: Tenant, view: Omit<CheckoutListView, 'refunds'>): Promise<CheckoutListView> {
  const paid = await refundedOfCheckouts(
    db,
    tenant,
    view.checkouts.map((c) => c.id),
  );
  const refunds: Record<string, RefundState> = {};
  for (const [id, amounts] of paid) {
    const state = refundStateOf(amounts);
    if (state) refunds[id] = state;
  }
  return { ...view, refunds };
}

/** The first value of each known parameter, trimmed; blanks are absent. */
export function searchOf(params: Record<string, string | string[] | undefined>): CheckoutSearch {
  const search: CheckoutSearch = {};
  for (const key of CHECKOUT_SEARCH_KEYS) {
    const raw = params[key];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value) search[key] = value;
  }
  return search;
}

/** What the search box holds: a whole checkout id, else text to find a part of. */
export function searchedBy(q: string | undefined): SearchedBy {
  if (!q) return null;
  return z.uuid().safeParse(q).success ? 'id' : 'text';
}

function searchProblem(q: string | undefined): FieldError | null {
  if (q === undefined) return null;
  if (q.length > SEARCH_MAX_LENGTH) return { field: 'q', message: `must be at most ${SEARCH_MAX_LENGTH} characters` };
  if (!isStorableText(q)) return { field: 'q', message: UNSTORABLE_MESSAGE };
  return null;
}

export async function checkoutListView(db: Db, tenant: Tenant, search: CheckoutSearch): Promise<CheckoutListView> {
  const by = searchedBy(search.q);
  if (by === 'id') {
    const found = await getCheckout(db, tenant, search.q!).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    const checkouts = found ? [found] : [];
    return withRefunds(db, tenant, {
      checkouts,
      search,
      applied: search,
      searchedBy: by,
      offset: 0,
      hasMore: false,
      problems: null,
    });
  }
  // One more than a page tells whether there is a next one.
  const limit = String(CHECKOUT_PAGE_SIZE + 1);
  const parsed = listCheckoutsQuery.safeParse({
    limit,
    offset: search.offset,
    status: search.status,
    created_from: search.created_from,
    created_to: search.created_to,
  });
  const qProblem = searchProblem(search.q);
  if (!parsed.success || qProblem) {
    const problems = [...(qProblem ? [qProblem] : []), ...(parsed.success ? [] : zodFieldErrors(parsed.error))];
    const rows = await listCheckouts(db, tenant, listCheckoutsQuery.parse({ limit }));
    return withRefunds(db, tenant, { ...page(rows, 0), search, applied: {}, searchedBy: null, problems });
  }
  const rows = await listCheckouts(db, tenant, parsed.data, { contains: search.q });
  return withRefunds(db, tenant, {
    ...page(rows, parsed.data.offset),
    search,
    applied: search,
    searchedBy: by,
    problems: null,
  });
}

const page = (rows: CheckoutFull[], offset: number) => ({
  checkouts: rows.slice(0, CHECKOUT_PAGE_SIZE),
  offset,
  hasMore: rows.length > CHECKOUT_PAGE_SIZE,
});
