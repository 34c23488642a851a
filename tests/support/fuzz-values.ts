import fc from 'fast-check';
import type { JsonSchema } from './openapi-document';

/**
 * Values for fuzzing requests from the OpenAPI document: what a schema probably accepts (`validish`,
 * from its types, bounds, enums, patterns and examples), and what it should refuse (`mutated`: wrong
 * types, missing and extra fields, boundary and huge numbers, hostile strings, deep nesting).
 */

/** A number written exactly as given into the body text (`1.00000000000000000001`, `1e400`). */
export class RawNumber {
  constructor(readonly literal: string) {}
}

/** JSON text of a value holding RawNumbers. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof RawNumber)) return v;
    raws.push(v.literal);
    return `@@raw${raws.length - 1}@@`;
  });
  return (text ?? '').replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
}

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'end\ud83d',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שלום',
  '😀👍🏽🇬🇭',
  'e\u0301\u0301\u0301',
  '\u200b',
  '\ufeff',
  '\\',
  '../../etc/passwd',
  "'; drop table checkouts; --",
  '%00',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  'a'.repeat(10_000),
  '\n\r\t',
  '\u2028\u2029',
  'null',
  'NaN',
  '-1',
  '1e400',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '{}',
  'true',
  'GHS',
  'ghs',
  'XXX',
  'https:evil.example',
  'https://evil.example\\@good.example',
  'javascript:alert(1)',
  'http://127.0.0.1:5432/',
  '2026-02-30T25:61:00',
  '+233 24 412 3456',
  '١٢٣',
  'ＧＨＳ',
];

const deep = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: [value] };
  return value;
};

export const HOSTILE_NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  0.001,
  0.1,
  1e-7,
  5e-324,
  12.345,
  999999999999.99,
  1000000000000,
  2 ** 53,
  1e21,
  1e308,
  -1e308,
  new RawNumber('1.00000000000000000001'),
  new RawNumber('1e400'),
  new RawNumber('-1e400'),
  new RawNumber('1e-400'),
  new RawNumber('123456789012345678901234567890'),
  new RawNumber('-0.0'),
  new RawNumber('1E2'),
  new RawNumber('25.500'),
];

export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  { a: { b: {} } },
  'text',
  42,
  deep(20),
  deep(40),
  Array(200).fill('x'),
];

/** Whole bodies that are not what any operation takes. */
export const HOSTILE_BODIES = [
  '{',
  '[',
  '{"a":1,}',
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{"__proto__":{}}',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`,
  '{"amount":1.00000000000000000001}',
  '{"amount":1e999}',
  'undefined',
  '{a:1}',
  '',
  '   ',
];

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/jsonx',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
];

export interface SchemaContext {
  components: { schemas: Record<string, JsonSchema> };
  /** Real ids, so that valid-ish requests reach past the lookups. */
  uuids: string[];
  /** Values for fields of these names, over FIELD_HINTS (real ids: `payment_account_id`, `checkout_id`). */
  hints: Record<string, unknown[]>;
}

/** Values that fields of these names usually take: a random string rarely makes a currency or a URL. */
const FIELD_HINTS: Record<string, unknown[]> = {
  currency_code: ['GHS', 'KES', 'USD', 'ghs', 'NGN'],
  from_currency: ['GHS', 'USD'],
  to_currency: ['KES', 'GHS'],
  amount: [1, 10, 25.5, 100, 1000],
  url: ['https://hooks.example.com/payments', 'http://127.0.0.1:9/hooks', 'http://localhost:9/x'],
  logo_url: ['https://cdn.shop.example/logo.png'],
  success_redirect_url: ['https://shop.example/thanks?order=1'],
  allowed_origins: [['https://shop.example'], ['http://localhost:8080', 'https://shop.example']],
  events: [['*'], ['checkout.paid', 'checkout.created']],
  phone: ['0244123456', '+233241234567'],
  phone_number: ['0244123456', '+254712345678'],
  customer_phone: ['0244123456', null],
  customer_name: ['Ama Mensah', null],
  customer_email: ['ada@example.com'],
  customer_phone_editable: [true, false],
  mobile_number: ['0244123456'],
  network: ['mtn_momo', 'vodafone_cash'],
  network_provider: ['mtn_momo', 'mpesa'],
  account_number: ['0123456789', 'GB29NWBK60161331926819'],
  bank_account_number: ['0123456789'],
  primary_color: ['#1A7F37', '#ffffff'],
  recipient_details: [
    { recipient_name: 'Kofi', bank_account_number: '0123456789', bank_name: 'GCB', account_holder_name: 'Kofi Mensah' },
    { recipient_name: 'Ama', mobile_number: '0244123456', network_provider: 'mtn_momo' },
  ],
};

const resolve = (schema: JsonSchema | undefined, ctx: SchemaContext): JsonSchema =>
  typeof schema?.$ref === 'string'
    ? resolve(ctx.components.schemas[schema.$ref.split('/').pop()!], ctx)
    : (schema ?? {});

function validishString(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ctx.uuids), fc.uuid());
  if (schema.format === 'email') return fc.constantFrom('ada@example.com', 'kofi.mensah@shop.example', 'a@b.co');
  if (schema.pattern) {
    try {
      // The `u` flag, as JSON Schema validators read patterns (`\\p{…}` needs it).
      return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((s) => s.length <= (schema.maxLength ?? 300));
    } catch {
      // a pattern fast-check cannot generate from: any short string
    }
  }
  const maxLength = Math.min(schema.maxLength ?? 30, 30);
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
}

function validishNumber(schema: JsonSchema): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? 0;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 100_000;
  if (schema.type === 'integer') return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.oneof(
    fc.constantFrom(1, 10, 25.5, 100, 0.5, 1234.56),
    fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 1e6)) }),
  );
}

/** Values a schema probably accepts. */
export function validish(raw: JsonSchema, ctx: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw, ctx);
  if (depth > 6) return fc.constant(null);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validish(s, ctx, depth + 1)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const examples = schema.example !== undefined ? [fc.constant(schema.example)] : [];
  switch (schema.type) {
    case 'string':
      return fc.oneof(...examples, validishString(schema, ctx));
    case 'number':
    case 'integer':
      return validishNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validish(schema.items ?? {}, ctx, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
      // A documented example is valid as a whole (given real ids): the best base for changing one thing.
      return schema.example !== undefined
        ? fc.oneof(
            { weight: 2, arbitrary: withRealIds(schema.example, ctx) },
            { weight: 1, arbitrary: objectOf(schema, ctx, depth) },
          )
        : objectOf(schema, ctx, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An example with its id fields set to real ids where there are any. */
function withRealIds(example: unknown, ctx: SchemaContext): fc.Arbitrary<unknown> {
  return fc.record(
    Object.fromEntries(
      Object.entries(example as Record<string, unknown>).map(([key, v]) => [
        key,
        ctx.hints[key] ? fc.constantFrom(...ctx.hints[key]!) : fc.constant(v),
      ]),
    ),
  );
}

/** `false` (or `not: {}`): a field no value satisfies (one that can never be set), left out of valid-ish values. */
const isNever = (schema: JsonSchema | false) =>
  schema === false || (typeof schema.not === 'object' && schema.not !== null && Object.keys(schema.not).length === 0);

function objectOf(schema: JsonSchema, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {}).filter(([, s]) => !isNever(s));
  if (properties.length === 0) {
    const values =
      typeof schema.additionalProperties === 'object'
        ? validish(schema.additionalProperties, ctx, depth + 1)
        : fc.jsonValue({ maxDepth: 2 });
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 4 });
  }
  const required = new Set<string>(schema.required ?? []);
  const model = Object.fromEntries(
    properties.map(([key, s]) => {
      const hint = ctx.hints[key] ?? FIELD_HINTS[key];
      return [
        key,
        hint
          ? fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom(...hint) },
              { weight: 1, arbitrary: validish(s, ctx, depth + 1) },
            )
          : validish(s, ctx, depth + 1),
      ];
    }),
  );
  return fc.record(model, { requiredKeys: properties.map(([key]) => key).filter((k) => required.has(k)) });
}

type Path = (string | number)[];

/** Every place in a value where something can be replaced: [] is the value itself. */
function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (path.length < 8 && value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      pathsOf(child, [...path, Array.isArray(value) ? Number(key) : key], out);
  }
  return out;
}

const HOSTILE = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_VALUES),
  fc.jsonValue({ maxDepth: 3 }),
);
/** Short hostile strings to slip into a value or a key, text PostgreSQL cannot store most often. */
const SLIPS = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', '\ud83d') },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((text) => text.length > 0 && text.length < 40)) },
);

type Mutation = 'same-type' | 'replace' | 'remove' | 'add' | 'rename';

/**
 * `value` with one place changed: a string given a hostile tail or replaced by a hostile string, a
 * number made hostile (the same type gets past type checks, deeper into the code), any value replaced
 * by anything, removed, given an unknown sibling, or its key renamed to carry a hostile string.
 */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(value);
  // Same-type changes aim at strings and numbers, renames at keys: where they get furthest.
  const leaves = paths.filter((p) => ['string', 'number'].includes(typeof valueAt(value, p)));
  const keys = paths.filter((p) => typeof p[p.length - 1] === 'string');
  const how = fc.constantFrom<Mutation>(
    'same-type',
    'same-type',
    'same-type',
    'replace',
    'replace',
    'remove',
    'add',
    'rename',
  );
  return fc
    .tuple(
      fc.nat(),
      how,
      HOSTILE,
      SLIPS,
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.constantFrom(...HOSTILE_NUMBERS),
      fc.boolean(),
    )
    .map(([pick, mutation, hostile, slip, text, number, append]) => {
      const pool =
        mutation === 'same-type' && leaves.length ? leaves : mutation === 'rename' && keys.length ? keys : paths;
      const path = pool[pick % pool.length]!;
      if (path.length === 0) {
        return mutation === 'add' && value && typeof value === 'object'
          ? { ...(value as object), [`extra${slip}`]: hostile }
          : hostile;
      }
      const copy = structuredClone(value) as Record<string | number, unknown>;
      const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
      const last = path[path.length - 1]!;
      const current = parent[last];
      if (mutation === 'remove') delete parent[last];
      else if (mutation === 'add') parent[`${String(last)}${slip}`] = hostile;
      else if (mutation === 'rename' && !Array.isArray(parent)) {
        delete parent[last];
        parent[`${String(last)}${slip}`] = current;
      } else if (mutation === 'same-type' && typeof current === 'string')
        parent[last] = append ? `${current}${slip}` : text;
      else if (mutation === 'same-type' && typeof current === 'number') parent[last] = number;
      else parent[last] = hostile;
      return copy;
    });
}

function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) current = (current as Record<string | number, unknown>)[key];
  return current;
}
