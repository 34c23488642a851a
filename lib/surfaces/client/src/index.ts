/**
 * @merchant-payments/client: the merchant API's typed client, for Node 18+ servers. It imports
 * nothing but its own files and node:crypto; its operation table and types are generated from the
 * service's OpenAPI document (npm run client:generate in the service's repository).
 */
export { PaymentsClient, type ClientOptions } from './client';
export { PaymentsApiError, isPaymentsApiError, type ClientErrorCode, type ErrorCode, type FieldError } from './errors';
export { parseWebhook, verifyWebhookSignature, type WebhookEvent, type WebhookEventType } from './webhooks';
export type { ItemOf, Listing, OperationId, Pagination, RequestOf, ResponseOf, Schema } from './types';
export type { components, operations, webhooks } from '../generated/openapi';
