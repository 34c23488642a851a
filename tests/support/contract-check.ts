import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { statusesOf, type ErrorCode } from '../../lib/platform/http/error-codes';
import { documentedErrors, type Operation } from '../../lib/platform/http/operation';
import { openApiDocument, type JsonSchema, type OpenApiDocument } from './openapi-document';
import { checkTimestamps } from './timestamps';

/**
 * Holds every response the integration suite sees to the OpenAPI document: a success body to its
 * operation's documented schema, an error to the shared Error shape and to the statuses the
 * operation documents, and every timestamp in it to spec 2.1's format. A mismatch throws, failing the
 * test that made the call.
 */
let document: OpenApiDocument | undefined;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: () => JsonSchema): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    document ??= openApiDocument();
    // The document's `#/components/...` references resolve inside this wrapper.
    validate = ajv.compile({ ...schema(), components: document.components });
    compiled.set(key, validate);
  }
  return validate;
}

function responseSchema(op: Operation, status: number): JsonSchema {
  document ??= openApiDocument();
  const response = document.paths[op.path]?.[op.method.toLowerCase()]?.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`the document has no JSON ${status} response for ${op.method} ${op.path}`);
  return schema;
}

export function checkResponse(op: Operation | undefined, status: number, body: unknown, what: string): void {
  checkTimestamps(body, what);
  if (op?.otherResponses?.[status]) {
    const validate = validatorFor(`${op.operationId}.${status}`, () => responseSchema(op, status));
    if (!validate(body))
      throw new Error(
        `${what}: ${status} does not match ${op.operationId}'s documented ${status}: ${ajv.errorsText(validate.errors)}`,
      );
    return;
  }
  if (status >= 400) {
    const validate = validatorFor('Error', () => ({ $ref: '#/components/schemas/Error' }));
    if (!validate(body))
      throw new Error(`${what}: ${status} body is not the documented Error shape: ${ajv.errorsText(validate.errors)}`);
    const code = (body as { error: { code: ErrorCode } }).error.code;
    if (!statusesOf(code).includes(status))
      throw new Error(
        `${what}: ${code} answered ${status}; lib/platform/http/error-codes.ts says ${statusesOf(code).join(' or ')}`,
      );
    // Every error links to its code's entry at /docs/errors (app/docs/errors/page.tsx makes one per code).
    const docUrl = (body as { error: { doc_url: string } }).error.doc_url;
    if (docUrl !== `${process.env.API_BASE_URL}/docs/errors#${code}`)
      throw new Error(`${what}: error.doc_url is ${docUrl}, not its code's entry at /docs/errors#${code}`);
    if (op && status !== 500 && status !== 405 && !documentedErrors(op).includes(status as never)) {
      throw new Error(
        `${what}: ${status} is not documented for ${op.operationId} (documented: ${documentedErrors(op).join(', ')})`,
      );
    }
    return;
  }
  if (!op) return;
  const expected = op.status ?? 200;
  if (status !== expected) throw new Error(`${what}: answered ${status}; ${op.operationId} documents ${expected}`);
  const validate = validatorFor(op.operationId, () => responseSchema(op, status));
  if (!validate(body)) {
    throw new Error(
      `${what}: response does not match ${op.operationId}'s documented schema: ${ajv.errorsText(validate.errors, { separator: '; ' })}`,
    );
  }
}
