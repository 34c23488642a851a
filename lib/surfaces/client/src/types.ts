import type { components, operations } from '../generated/openapi';
import type { MERCHANT_OPERATIONS } from '../generated/operations';

/**
 * The methods' types, from the generated `operations` (openapi-typescript) and the generated table:
 * what each operation takes and what it resolves to.
 */
export type OperationId = keyof typeof MERCHANT_OPERATIONS & keyof operations;
type Info<K extends OperationId> = (typeof MERCHANT_OPERATIONS)[K];
type ParametersOf<K extends OperationId> = operations[K]['parameters'];

/** Path params or query: absent when the operation has none, optional when none of them is required. */
type Section<P, From extends string, To extends string> = From extends keyof P
  ? [NonNullable<P[From]>] extends [never]
    ? unknown
    : // eslint-disable-next-line @typescript-eslint/no-empty-object-type
      {} extends Pick<P, From>
      ? { [N in To]?: NonNullable<P[From]> }
      : { [N in To]: NonNullable<P[From]> }
  : unknown;

type BodyOf<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? unknown
    : NonNullable<R> extends { content: { 'application/json': infer B } }
      ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type
        {} extends Pick<O, 'requestBody'>
        ? { body?: B }
        : { body: B }
      : unknown
  : unknown;

/** Only where the operation honours it; without one, the client sends a key of its own. */
type IdempotencyOf<K extends OperationId> = Info<K>['idempotent'] extends true ? { idempotencyKey?: string } : unknown;

/** What a method takes: path params, query, body and Idempotency-Key, as its operation declares them. */
export type RequestOf<K extends OperationId> = Section<ParametersOf<K>, 'path', 'params'> &
  Section<ParametersOf<K>, 'query', 'query'> &
  BodyOf<operations[K]> &
  IdempotencyOf<K>;

type SuccessBodyOf<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends 200 | 201 | 202
        ? R[S] extends { content: { 'application/json': infer B } }
          ? B
          : never
        : never;
    }[keyof R]
  : never;

export type Pagination = components['schemas']['Pagination'];

/** What a method resolves to: `data`, with `pagination` beside it for paged listings (the body itself when bare). */
export type ResponseOf<K extends OperationId> = Info<K>['bare'] extends true
  ? SuccessBodyOf<operations[K]>
  : SuccessBodyOf<operations[K]> extends { data: infer D }
    ? Info<K>['paginated'] extends true
      ? { data: D; pagination: Pagination }
      : D
    : never;

/** The listings `paginate` walks (`page`/`size`, or `limit`/`offset`). */
export type Listing = { [K in OperationId]: Info<K>['pagesBy'] extends null ? never : K }[OperationId];

export type ItemOf<K extends OperationId> =
  ResponseOf<K> extends { data: (infer T)[] } ? T : ResponseOf<K> extends (infer T)[] ? T : never;

/** A schema of the document by name: `Schema<'CheckoutFull'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

export type Methods = {
  // `{} extends R`: every field of the request is optional, so the argument may be left out.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  [K in OperationId]: {} extends RequestOf<K>
    ? (request?: RequestOf<K>) => Promise<ResponseOf<K>>
    : (request: RequestOf<K>) => Promise<ResponseOf<K>>;
} & {
  /**
   * Every item of a listing, page after page, as they are needed:
   * `for await (const payout of payments.paginate('listPayouts')) …`. Filters go in `request` as for
   * the method itself; its paging fields are where it starts.
   */
  paginate<K extends Listing>(operation: K, request?: RequestOf<K>): AsyncGenerator<ItemOf<K>>;
};
