import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

/**
 * Paystack's own OpenAPI document, vendored in ./openapi (PaystackOSS/openapi `dist/paystack.yaml` at
 * the commit its README names, MIT licence next to it), as a validator for the contract server: every
 * request the adapter sends is checked against the operation's `requestBody` and `bearerAuth`, every
 * answer the server gives against the operation's response for that status. An OpenAPI 3.0 schema is
 * read as JSON Schema with `nullable: true` meaning "or null".
 *
 * Where Paystack's own published examples contradict its OpenAPI types, the example is what Paystack
 * sends; those places are listed in NULL_IN_EXAMPLES and EXTRA_RECIPIENT_TYPES, each with the example
 * that shows it. POST /charge's 200 in the document (`ChargeCreateResponse`) is a card charge's full
 * transaction; a Pay with Transfer charge answers another shape [PS-SNIP `pwt/index.json`], checked
 * against PWT_CHARGE_ANSWER instead.
 */
type Json = Record<string, unknown>;
export interface Problem {
  where: string;
  message: string;
  /** A required field that is absent (Paystack answers those with its `missing_params` 400). */
  missing?: string;
}

const DOCUMENT = path.join(import.meta.dirname, 'openapi', 'paystack.yaml');

/**
 * Fields the OAS types as a string that Paystack's examples send as null: `reason`, `recipient.email`
 * and `recipient.details.account_name` of GET /transfer/verify [PS-SNIP `api/transfers/verify/response.json`];
 * `reason` of POST /transfer when none was given [PS-SNIP `doc/transfers/manage/initiate-transfer-otp`
 * shows no reason; inferred: Paystack echoes what it was sent]; `email` and `description` of a
 * recipient [PS-SNIP `api/transfer-recipient/create/response.json`].
 */
const NULL_IN_EXAMPLES: Record<string, string[]> = {
  TransferVerifyResponse: ['data.reason', 'data.recipient.email', 'data.recipient.details.account_name'],
  TransferCreateResponse: ['data.reason'],
  TransferRecipientCreateResponse: ['data.email'],
  // A PwT payment's authorization: `"bank": null`, `"signature": null` [PS-SNIP `pwt-events/charge-successful.json`].
  VerifyResponse: ['data.authorization.bank', 'data.authorization.signature'],
};

/** POST /charge with `bank_transfer` [PS-SNIP `pwt/index.json`; Kenya adds `amount` and `transaction_reference`: `pesalink/index.json`]. */
const PWT_CHARGE_ANSWER: Json = {
  type: 'object',
  required: ['status', 'message', 'data'],
  properties: {
    status: { const: true },
    message: { type: 'string' },
    data: {
      type: 'object',
      required: ['reference', 'status', 'display_text', 'account_name', 'account_number', 'bank', 'account_expires_at'],
      properties: {
        reference: { type: 'string' },
        status: { const: 'pending_bank_transfer' },
        display_text: { type: 'string' },
        account_name: { type: 'string' },
        account_number: { type: 'string' },
        bank: {
          type: 'object',
          required: ['slug', 'name', 'id'],
          properties: { slug: { type: 'string' }, name: { type: 'string' }, id: { type: 'integer' } },
        },
        account_expires_at: { type: 'string' },
        amount: { type: 'integer' },
        transaction_reference: { type: 'string' },
      },
    },
  },
};

/**
 * Recipient types Paystack's transfers guide documents beyond the OAS enum: `kepss` for Kenyan bank
 * accounts [PS-TRF table, paystack.com/docs/transfers/creating-transfer-recipients].
 */
const EXTRA_RECIPIENT_TYPES = ['kepss'];

let loaded: { doc: Json; ajv: Ajv; cache: Map<string, ValidateFunction> } | null = null;

function load() {
  if (loaded) return loaded;
  const doc = openApi30ToJsonSchema(parse(fs.readFileSync(DOCUMENT, 'utf8'))) as Json;
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  for (const [name, paths] of Object.entries(NULL_IN_EXAMPLES))
    for (const at of paths) allowNull(schemas[name]!, at.split('.'));
  const recipientType = (schemas.TransferRecipientCreate!.properties as Record<string, Json>).type!;
  recipientType.enum = [...(recipientType.enum as string[]), ...EXTRA_RECIPIENT_TYPES];
  // `minimum` on a string (TransferBase.reference) and `example` are not JSON Schema: not strict.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'paystack', components: doc.components }, 'paystack');
  loaded = { doc, ajv, cache: new Map() };
  return loaded;
}

/** `nullable: true` → `type: [t, 'null']`; `$ref: '#/…'` → the document's id. */
function openApi30ToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openApi30ToJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) out.$ref = `paystack${value}`;
    else if (key !== 'nullable') out[key] = openApi30ToJsonSchema(value);
  }
  const record = node as Json;
  if (record.nullable === true && typeof record.type === 'string') out.type = [record.type, 'null'];
  return out;
}

function allowNull(schema: Json, at: string[]) {
  let node = schema;
  for (const key of at) node = (node.properties as Record<string, Json>)[key]!;
  if (typeof node.type === 'string') node.type = [node.type, 'null'];
}

/** The document's operation for a request, with its path template. */
function operationOf(method: string, path: string) {
  const paths = load().doc.paths as Record<string, Record<string, Json>>;
  for (const [template, item] of Object.entries(paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = item[method.toLowerCase()];
    if (pattern.test(path) && operation) return { template, operation };
  }
  return null;
}

function validatorFor(key: string, schema: Json): ValidateFunction {
  const { ajv, cache } = load();
  if (!cache.has(key)) cache.set(key, ajv.compile(schema));
  return cache.get(key)!;
}

function problemsOf(where: string, validate: ValidateFunction, value: unknown): Problem[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => ({
    where,
    message: `${e.instancePath || '(body)'} ${e.message}`,
    ...(e.keyword === 'required' ? { missing: String(e.params.missingProperty) } : {}),
  }));
}

/** What Paystack's document says is wrong with a request: no operation, no bearer key, or its body. */
export function requestProblems(request: {
  method: string;
  path: string;
  authorization?: string;
  json: unknown;
}): Problem[] {
  const where = `${request.method} ${request.path}`;
  const found = operationOf(request.method, request.path);
  if (!found) return [{ where, message: 'no such operation in Paystack’s OpenAPI document' }];
  // `security: [{bearerAuth: []}]`, "Secret key in the format sk_domain_xxxxxx" [PS-OAS].
  if (!/^Bearer sk_(test|live)_\w+$/.test(request.authorization ?? ''))
    return [{ where, message: 'no bearer secret key (bearerAuth)' }];
  const body = found.operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined;
  const schema = body?.content?.['application/json']?.schema;
  if (!schema) return [];
  return problemsOf(where, validatorFor(`req ${request.method} ${found.template}`, schema), request.json);
}

/** What Paystack's document says is wrong with an answer: its body against the status's response. */
export function responseProblems(request: { method: string; path: string }, status: number, body: unknown): Problem[] {
  const where = `${request.method} ${request.path} → ${status}`;
  const found = operationOf(request.method, request.path);
  // A path Paystack does not document: the routes' 404 [PS-OAS `NotFound`], nothing to check it against.
  if (!found) return [];
  const responses = found.operation.responses as Record<string, Json>;
  const declared = responses[String(status)] ?? responses.default;
  if (!declared) return [{ where, message: `status ${status} is not documented for this operation` }];
  const response = (declared.$ref ? resolve(String(declared.$ref)) : declared) as {
    content?: Record<string, { schema?: Json }>;
  };
  const pwt = request.method === 'POST' && found.template === '/charge' && status === 200;
  const schema = pwt ? PWT_CHARGE_ANSWER : response.content?.['application/json']?.schema;
  // `default: Server error` has no schema: only the envelope every Paystack error has [PS-OAS `Error`].
  if (!schema) return problemsOf(where, validatorFor('envelope', ENVELOPE), body);
  const key = `res ${found.template} ${request.method} ${status}`;
  return problemsOf(where, validatorFor(key, schema), body);
}

const ENVELOPE: Json = {
  type: 'object',
  required: ['status', 'message'],
  properties: { status: { type: 'boolean' }, message: { type: 'string' } },
};

function resolve(ref: string): unknown {
  const parts = ref.replace(/^paystack#\//, '').split('/');
  let node: unknown = load().doc;
  for (const part of parts) node = (node as Json)[part];
  return node;
}

/**
 * Reads the document and compiles the operations the adapter calls, before the server listens: the
 * first check would otherwise take longer than the adapter's short test time-out.
 */
export function loadPublishedContract(operations: readonly (readonly [string, string])[]) {
  for (const [method, path] of operations) {
    requestProblems({ method, path, authorization: 'Bearer sk_test_warmup', json: {} });
    for (const status of [200, 201, 400, 401, 404]) responseProblems({ method, path }, status, {});
  }
}
