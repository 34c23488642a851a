/**
 * docs/configuration.md, written from the configuration schema (lib/platform/config.ts) and its
 * SETTING_DOCS table: every setting with its default, what it accepts and what it means, then the
 * fee rules and conversion rates the defaults stand for. `npm run docs:config` writes the file;
 * tests/unit/configuration-doc.test.ts fails when the committed file is not what this returns.
 */
import { z } from 'zod';
import { configSchema, SETTING_DOCS, type SettingDoc } from '../../lib/platform/config';
import { DEFAULT_FEE_SCHEDULE, feeRule } from '../../lib/platform/settings/fee-schedule';
import { DEFAULT_CONVERSION_RATES } from '../../lib/platform/settings/conversion-rates';
import { CURRENCY_CODES } from '../../lib/platform/money/currencies';

export const CONFIGURATION_DOC_PATH = 'docs/configuration.md';

/**
 * Variables read by the scripts (scripts/start.ts, scripts/lib/environment.ts) before the schema runs,
 * so they are not in it.
 */
const SCRIPT_SETTINGS: { name: string; whenUnset: string; meaning: string }[] = [
  {
    name: 'DATA_DIR',
    whenUnset: '`.data`',
    meaning:
      'Where the embedded database (`pg/`), its generated development secrets (`dev-secrets.json`) and the demo merchant (`demo-merchant.json`) live.',
  },
  {
    name: 'SEED_DEMO_MERCHANT',
    whenUnset: 'unset',
    meaning:
      '`true` makes `npm start` create the demo merchant also when `DATABASE_URL` is set (its key then stays in `DATA_DIR/demo-merchant.json`, never printed). On the embedded database it is always created.',
  },
];

/** What each field of a fee rule means; the field list itself comes from the rule's schema. */
const FEE_RULE_FIELDS: Record<keyof typeof feeRule.shape, string> = {
  operation: 'what the fee is charged on',
  currency: 'a currency code, or `*` for any; a rule for the exact currency wins over `*`',
  percent_bps: 'a percentage in basis points (`150` = 1.50 %), rounded half up to the minor unit',
  fixed_minor: 'a fixed part, in minor units of the currency (`100` = GHS 1.00, but XOF 100)',
  min_minor: 'a floor, in minor units',
  max_minor: 'a ceiling, in minor units',
};

type Shape = typeof configSchema.shape;
type Setting = keyof Shape;

const code = (value: string | number | boolean) => `\`${String(value)}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The schema's own default, found through its wrappers (optional, pipes, transforms). */
function schemaDefault(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodOptional) return schemaDefault(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return schemaDefault(schema.in as z.ZodType);
  return undefined;
}

/** What the schema accepts where it says so itself: number bounds, string lengths, a list of choices. */
function schemaBounds(schema: z.ZodType): string | undefined {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional)
    return schemaBounds(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return schemaBounds(schema.out as z.ZodType) ?? schemaBounds(schema.in as z.ZodType);
  if (schema instanceof z.ZodNumber) {
    const { minValue, maxValue } = schema;
    if (minValue === null || maxValue === null) return undefined;
    return `${schema.isInt ? 'a whole number, ' : ''}${minValue}…${maxValue}`;
  }
  if (schema instanceof z.ZodEnum) return (schema.options as string[]).map(code).join(', ');
  if (schema instanceof z.ZodString) {
    const { minLength, maxLength } = schema;
    if (maxLength !== null) return `${minLength ?? 0}…${maxLength} characters`;
    if (minLength !== null && minLength > 1) return `at least ${minLength} characters`;
  }
  return undefined;
}

function row(name: Setting): string {
  const schema = configSchema.shape[name] as z.ZodType;
  const doc: SettingDoc = SETTING_DOCS[name];
  const fallback = schemaDefault(schema);
  const unset =
    doc.whenUnset ??
    (typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean'
      ? code(fallback)
      : undefined);
  const allowed = doc.allowed ?? schemaBounds(schema);
  if (!doc.meaning.trim()) throw new Error(`${name}: SETTING_DOCS has no meaning`);
  if (unset === undefined) throw new Error(`${name}: no default the table can show; give SETTING_DOCS a whenUnset`);
  if (allowed === undefined) throw new Error(`${name}: the schema has no bounds to show; give SETTING_DOCS an allowed`);
  return `| ${code(name)} | ${cell(unset)} | ${cell(allowed)} | ${cell(doc.meaning)} |`;
}

const percent = (bps: number) => `${(bps / 100).toFixed(2)} %`;

function feeScheduleTable(): string[] {
  const minor = (value: number | undefined) => (value === undefined ? '' : String(value));
  return [
    '| operation | currency | percent_bps | fixed_minor | min_minor | max_minor |',
    '|---|---|---|---|---|---|',
    ...DEFAULT_FEE_SCHEDULE.map(
      (r) =>
        `| ${code(r.operation)} | ${code(r.currency)} | ${r.percent_bps} (${percent(r.percent_bps)}) | ${r.fixed_minor} | ${minor(r.min_minor)} | ${minor(r.max_minor)} |`,
    ),
  ];
}

export function renderConfigurationDoc(): string {
  const settings = Object.keys(configSchema.shape) as Setting[];
  const fields = Object.keys(feeRule.shape) as (keyof typeof feeRule.shape)[];
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from lib/platform/config.ts (the schema and SETTING_DOCS). Do not edit',
    '     by hand: change the table there and run the script; a unit test fails while this file is out of date. -->',
    '',
    'Everything is configured by environment variables, validated once when a process starts: a bad value',
    'stops it with a message naming the variable. An empty value counts as unset (`PORT= npm start` is',
    '`npm start`). What the start banner prints and which secrets are generated for development is in',
    '[operations.md](operations.md).',
    '',
    '| variable | when unset | accepts | meaning |',
    '|---|---|---|---|',
    ...settings.map(row),
    '',
    '## Read by the scripts',
    '',
    'Read by `npm start`, `npm run worker` and `npm run merchant:create` before the settings above, outside the schema.',
    '',
    '| variable | when unset | meaning |',
    '|---|---|---|',
    ...SCRIPT_SETTINGS.map((s) => `| ${code(s.name)} | ${cell(s.whenUnset)} | ${cell(s.meaning)} |`),
    '',
    'Variables that only the tests or the benchmarks read are in [testing.md](testing.md) and',
    '[bench/README.md](../bench/README.md).',
    '',
    '## `FEE_SCHEDULE`',
    '',
    'A JSON array of rules. Each rule has:',
    '',
    ...fields.map((f) => `- ${code(f)}: ${FEE_RULE_FIELDS[f]}.`),
    '',
    `\`operation\` is one of ${feeRule.shape.operation.options.map(code).join(', ')}. Every operation needs a`,
    '`*` rule. The defaults, which a `FEE_SCHEDULE` replaces as a whole:',
    '',
    ...feeScheduleTable(),
    '',
    'For example:',
    '`FEE_SCHEDULE=\'[{"operation":"deposit.mobile_money","currency":"*","percent_bps":150},{"operation":"deposit.mobile_money","currency":"KES","percent_bps":100,"max_minor":5000},…]\'`',
    '',
    '## `CONVERSION_RATES`',
    '',
    'A JSON object: units of each currency per 1 USD, as decimal strings, one for every currency',
    `(${CURRENCY_CODES.join(', ')}). A cross rate is the ratio of two entries. The sandbox defaults:`,
    '',
    '| currency | per 1 USD |',
    '|---|---|',
    ...CURRENCY_CODES.map((c) => `| ${c} | ${DEFAULT_CONVERSION_RATES[c]} |`),
    '',
  ];
  return lines.join('\n');
}
