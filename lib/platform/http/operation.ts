import type { z } from 'zod';
import type { ApiKeyPermission } from '../vocabulary';

/**
 * One API operation described once: the route handler validates with these schemas, the OpenAPI
 * document (lib/surfaces/openapi) is generated from them, and the typed client (lib/surfaces/client)
 * from that document. Contract files (`lib/<domain>/contract.ts`) hold only these definitions and zod
 * schemas, no database code, so the document can be built without a database.
 */
/**
 * What an API key must hold to call an operation: any one of the listed permissions, or a FULL_ACCESS
 * key (`full_access`). Checked by lib/access/permissions.ts.
 */
export type Requirement = { anyOf: readonly ApiKeyPermission[] } | 'full_access';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: `apiKey` (x-api-key), the hosted page's `X-Checkout-Token`, the operator's bearer token, an embed session's public token, or anyone. */
export type Security = 'apiKey' | 'checkoutToken' | 'adminBearer' | 'embedToken' | 'paystackSignature' | 'none';

export const TAGS = {
  Checkouts: 'Create checkouts, send customers to the hosted page, read and cancel them.',
  'Payment links':
    'Reusable links to share (chat, SMS, a QR code at the counter): each customer who opens one and confirms gets a fresh checkout.',
  'Checkout button': "A payment button for the merchant's own page: an embed session, its script and its public calls.",
  'Customer transactions': 'Every collection, refund and duplicate payment, with spec 2.6 paging.',
  Wallets: 'Per-currency balances (available, holding), statements, refunds and settlements.',
  Conversion: 'Quotes and conversions between wallets (in development: the interface may change).',
  'Payment accounts': 'Bank and mobile-money accounts that withdrawals pay out to.',
  Withdrawals: "Money out to the merchant's own accounts.",
  Payouts: 'Money out to third parties.',
  Webhooks: 'Endpoints that receive signed events, their deliveries and attempts.',
  'API keys': 'Keys for the merchant API (FULL_ACCESS keys manage them).',
  Branding: 'How the hosted checkout page looks for this merchant.',
  'Hosted checkout': 'The public interface the hosted page uses, authenticated by the checkout token.',
  Sandbox: 'Simulations of the payment rails, for test-mode checkouts only.',
  Rails: "Where live payment providers send their notifications (each checked by the provider's signature).",
  Operator: 'The operator API: merchants, keys, approvals, settlements, reconciliation.',
  Operations: 'Liveness, readiness and the API description itself.',
} as const;
export type Tag = keyof typeof TAGS;

type Schema = z.ZodType | undefined;
type In<S extends Schema> = S extends z.ZodType ? z.input<S> : never;

export interface Operation<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  D extends z.ZodType = z.ZodType,
  S extends Security = Security,
  I extends boolean = boolean,
> {
  /** Stable name: the OpenAPI operationId and the typed client's method. */
  operationId: string;
  method: HttpMethod;
  /** OpenAPI form, `{param}` for each `[param]` folder of the route file. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  security: S;
  /** What an API key must hold (apiKey operations). */
  permission?: Requirement;
  params?: P;
  query?: Q;
  body?: B;
  /** Honours `Idempotency-Key`. */
  idempotent?: I;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202;
  /** The success envelope's `data`. */
  data: D;
  /** The success envelope also carries `pagination` (spec 2.6). */
  paginated?: boolean;
  /** The body is `data` itself, not wrapped in the envelope (the OpenAPI document). */
  bare?: boolean;
  /** Answers whose body is not the Error shape (readiness's 503 carries its report): the whole body. */
  otherResponses?: Partial<Record<number, { description: string; body: z.ZodType }>>;
  /** Statuses this operation answers besides success, on top of those its security and input imply. */
  errors?: readonly ErrorStatus[];
  /** A request and response that the document shows as examples. */
  example?: { body?: In<B>; data?: z.input<D> };
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

/** Identity with inference: `export const createCheckout = operation({...})`. */
export function operation<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
  S extends Security = Security,
  I extends boolean = false,
>(op: Operation<P, Q, B, D, S, I>): Operation<P, Q, B, D, S, I> {
  return op;
}

/** Statuses every operation can answer, by what it takes: the document lists them, the tests hold responses to them. */
export function documentedErrors(op: Operation): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(op.errors ?? []);
  if (op.security === 'apiKey') [401, 403, 429].forEach((s) => statuses.add(s as ErrorStatus));
  if (op.security === 'adminBearer' || op.security === 'paystackSignature') statuses.add(401);
  if (op.security === 'checkoutToken' || op.security === 'embedToken')
    [401, 429].forEach((s) => statuses.add(s as ErrorStatus));
  // A token bound to one checkout answers 401 for any other reference, never 404.
  if (op.params && op.security !== 'checkoutToken') statuses.add(404);
  // Unknown query parameters are refused everywhere.
  statuses.add(422);
  if (op.method !== 'GET') [400, 413, 415].forEach((s) => statuses.add(s as ErrorStatus));
  if (op.idempotent) [409, 422].forEach((s) => statuses.add(s as ErrorStatus));
  // The database can be away for a moment (a restart): any operation may answer 503 database_unavailable.
  statuses.add(503);
  return [...statuses].sort();
}
