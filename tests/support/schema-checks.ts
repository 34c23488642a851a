import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './openapi-document';
import type { DocumentOperation } from './operation-fixtures';

/** How the server answered a generated request (tests/integration/schema-both-ways.test.ts). */
export interface Refusal {
  status: number;
  code: string;
  fields: { field: string; message: string }[];
}

/**
 * The 422s a request valid by the document may still get: rules that need the currency, the clock,
 * the network or another field, which a JSON Schema cannot say. Each is named in the document's own
 * words (`named`, checked to appear in it), so a client reading the document is told.
 */
export const BUSINESS_RULES: {
  operation: string | '*';
  field: RegExp;
  message: RegExp;
  named: string;
  why: string;
}[] = [
  {
    operation: '*',
    field: /(^|\.)(amount|amounts(\.\d+)?|min_amount|max_amount)$/,
    message: /decimal/,
    named: 'with no more decimals than the currency has',
    why: 'the decimals an amount may have depend on its currency',
  },
  {
    operation: '*',
    field: /^(expires_at|ends_at|as_of)$/,
    message: /in the future|within a year from now|days ahead/,
    named: 'days ahead',
    why: 'how far ahead a moment may be depends on the clock',
  },
  {
    operation: '*',
    field: /^created_to$/,
    message: /must not be before created_from/,
    named: '`created_from` and `created_to` (inclusive bounds',
    why: 'one field compared with another',
  },
  {
    operation: 'createConversionQuote',
    field: /^(to_currency|amount)$/,
    message: /must differ from from_currency|after the fee/,
    named: 'must differ from `from_currency`',
    why: 'one field compared with another; the fee depends on the rates',
  },
  {
    operation: 'createPaymentLink',
    field: /^max_amount$/,
    message: /must not be less than min_amount/,
    named: 'must not be less than min_amount',
    why: 'one field compared with another',
  },
  {
    operation: '*',
    field: /(^|\.)(network|network_provider|phone_number|mobile_number|country|phone|payment_account_id)$/,
    message:
      /pay out in|is (not )?available for|number for|number in international|another network|number, not|is not an? .*number|is a [A-Z]{3} account/,
    named: 'Which networks pay out in which currency',
    why: 'networks, countries and numbers go together per currency; a saved account has its currency',
  },
  {
    operation: '*',
    field: /^url$/,
    message: /public address|an https:\/\/ URL/,
    named: 'allow_loopback',
    why: 'a loopback or private address is taken only with allow_loopback, in test mode',
  },
  {
    operation: 'updateMerchantWallet',
    field: /^settlement_hold_reason$/,
    message: /is required when placing a settlement hold/,
    named: 'required when placing one on a wallet that has no reason yet',
    why: 'whether the wallet already has a reason is stored',
  },
  {
    operation: 'updatePaymentAccount',
    field: /^(account_number|bank_name|bank_routing_number|account_holder_name|phone_number|network_provider)$/,
    message: /does not apply to/,
    named: "only the fields of the account's type apply",
    why: 'the stored account has its type',
  },
  {
    operation: 'createEmbedSession',
    field: /^allowed_origins\.\d+$/,
    message: /http:\/\/ is only allowed/,
    named: 'http:// only for localhost and 127.0.0.1',
    why: 'which hosts may be http:// is a rule about the host',
  },
  {
    operation: 'createEmbedCheckout',
    field: /^(amount|customer_name|customer_phone)$/,
    message: /not collected by this button|one of this button's amounts/,
    named: "The button's amount, or one of its amounts",
    why: 'what the button takes is set on its session',
  },
];

export const isBusinessRule = (operation: string, f: { field: string; message: string }) =>
  BUSINESS_RULES.some(
    (rule) =>
      (rule.operation === '*' || rule.operation === operation) &&
      rule.field.test(f.field) &&
      rule.message.test(f.message),
  );

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

interface Input {
  query: Record<string, unknown>;
  body: unknown;
}

type Site = { path: (string | number)[]; schema: JsonSchema; value: unknown; parent: JsonSchema | null };

const resolve = (schema: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema =>
  schema.$ref ? resolve(schemas[schema.$ref.split('/').pop()!]!, schemas) : schema;

/** The alternative of an `anyOf`/`oneOf` that `value` satisfies (the first one), or the schema itself. */
function branchOf(schema: JsonSchema, value: unknown, schemas: Record<string, JsonSchema>): JsonSchema {
  const resolved = resolve(schema, schemas);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (!alternatives) return resolved;
  const match = alternatives.find((alt) => ajv.validate({ ...resolve(alt, schemas), components: { schemas } }, value));
  return match ? branchOf(match, value, schemas) : resolved;
}

/** Every value in `value` with the schema it answers to, objects' own places included. */
function sitesOf(
  schema: JsonSchema,
  value: unknown,
  schemas: Record<string, JsonSchema>,
  path: (string | number)[] = [],
  parent: JsonSchema | null = null,
  out: Site[] = [],
): Site[] {
  const branch = branchOf(schema, value, schemas);
  out.push({ path, schema: branch, value, parent });
  if (branch.type === 'object' && value && typeof value === 'object' && branch.properties) {
    for (const [key, child] of Object.entries(value)) {
      const childSchema = branch.properties[key];
      if (childSchema) sitesOf(childSchema, child, schemas, [...path, key], branch, out);
    }
  }
  return out;
}

/** Ways to break one site: each gives the value to put there (`REMOVE` to take it out). */
const REMOVE = Symbol('remove');
function breaksOf(
  site: Site,
  root: JsonSchema,
  schemas: Record<string, JsonSchema>,
): { how: string; value: unknown }[] {
  const s = site.schema;
  const out: { how: string; value: unknown }[] = [];
  const key = site.path[site.path.length - 1];
  if (site.parent?.required?.includes(String(key))) out.push({ how: `${String(key)} removed`, value: REMOVE });
  if (s.enum || 'const' in s) out.push({ how: 'a value not listed', value: 'not_in_the_list' });
  switch (s.type) {
    case 'string':
      out.push({ how: 'a number for a string', value: 12345 });
      if (s.maxLength !== undefined) out.push({ how: 'too long', value: 'x'.repeat(s.maxLength + 1) });
      if (s.pattern || s.format) out.push({ how: 'not its pattern or format', value: 'not-the-form ☃' });
      break;
    case 'number':
    case 'integer':
      out.push({ how: 'a string for a number', value: 'twelve' });
      if (s.maximum !== undefined) out.push({ how: 'above its maximum', value: s.maximum * 10 + 1 });
      if (s.minimum !== undefined) out.push({ how: 'below its minimum', value: s.minimum - 1 });
      if (s.exclusiveMinimum !== undefined) out.push({ how: 'at its exclusive minimum', value: s.exclusiveMinimum });
      if (s.type === 'integer') out.push({ how: 'a fraction for an integer', value: 1.5 });
      break;
    case 'boolean':
      out.push({ how: 'a string for a boolean', value: 'yes' });
      break;
    case 'array':
      out.push({ how: 'a string for an array', value: 'x' });
      if (s.minItems) out.push({ how: 'too few items', value: [] });
      break;
    case 'object':
      out.push({ how: 'a string for an object', value: 'x' });
      if (s.additionalProperties === false)
        out.push({ how: 'an unknown field', value: { ...(site.value as object), unexpected_field: 1 } });
      // Fields of another variant of the same oneOf, mixed in.
      for (const alt of resolve(site.path.length ? (site.parent?.properties?.[String(key)] ?? s) : root, schemas)
        .oneOf ?? []) {
        const other = resolve(alt, schemas);
        for (const [name, fieldSchema] of Object.entries(other.properties ?? {})) {
          if (s.properties?.[name] || !other.required?.includes(name)) continue;
          const sample =
            fieldSchema.enum?.[0] ?? fieldSchema.const ?? (fieldSchema.format === 'uuid' ? crypto.randomUUID() : 'x');
          out.push({
            how: `${name} of another variant mixed in`,
            value: { ...(site.value as object), [name]: sample },
          });
        }
      }
      break;
  }
  return out;
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  if (value === REMOVE) delete parent[path[path.length - 1]!];
  else parent[path[path.length - 1]!] = value;
  return copy;
}

/** `input` with one thing broken, picked by `pick` among every way to break it; null when nothing can be. */
export function breakOne(
  op: DocumentOperation,
  input: Input,
  pick: number,
  schemas: Record<string, JsonSchema>,
): { how: string; input: Input } | null {
  const candidates: { how: string; apply: () => Input }[] = [];
  if (op.body && input.body !== undefined) {
    for (const site of sitesOf(op.body, input.body, schemas)) {
      for (const b of breaksOf(site, op.body, schemas)) {
        candidates.push({
          how: `body${site.path.map((k) => `.${String(k)}`).join('')}: ${b.how}`,
          apply: () => ({ ...input, body: setAt(input.body, site.path, b.value) }),
        });
      }
    }
  }
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    const site: Site = {
      path: [p.name],
      schema: resolve(p.schema, schemas),
      value: input.query[p.name],
      parent: { required: p.required ? [p.name] : [] },
    };
    for (const b of breaksOf(site, p.schema, schemas)) {
      // A query value is text: a "number for a string" is the same text, so it breaks nothing.
      if (typeof b.value === 'object' || b.value === 12345) continue;
      candidates.push({
        how: `query ${p.name}: ${b.how}`,
        apply: () => ({ ...input, query: setAt(input.query, [p.name], b.value) as Record<string, unknown> }),
      });
    }
  }
  if (candidates.length === 0) return null;
  const chosen = candidates[pick % candidates.length]!;
  return { how: chosen.how, input: chosen.apply() };
}
