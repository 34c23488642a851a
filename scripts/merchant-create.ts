/**
 * `npm run merchant:create -- --name "Acme" --email ops@acme.test [--kyb-status verified]`
 * Onboards a merchant exactly as POST /api/admin/v1/merchants does and prints the result as JSON
 * (including the first API key's secret, shown only this once).
 */
import { parseArgs } from 'node:util';
import { closeDatabase, getDb } from '../lib/platform/db/client';
import { createMerchant, createMerchantInput } from '../lib/operator/merchants/create-merchant';
import { zodFieldErrors } from '../lib/platform/http/parse';
import { prepareEnvironment } from './lib/environment';

const { values } = parseArgs({
  options: { name: { type: 'string' }, email: { type: 'string' }, 'kyb-status': { type: 'string' } },
  strict: true,
});
const parsed = createMerchantInput.safeParse({
  name: values.name,
  email: values.email,
  kyb_status: values['kyb-status'],
});
if (!parsed.success) {
  for (const f of zodFieldErrors(parsed.error)) console.error(`--${f.field.replace('_', '-')}: ${f.message}`);
  console.error('Usage: npm run merchant:create -- --name "Acme" --email ops@acme.test [--kyb-status verified]');
  process.exit(2);
}

const env = await prepareEnvironment();
try {
  const result = await createMerchant(getDb(), { input: parsed.data, createdBy: null });
  console.log(JSON.stringify(result, null, 2));
} finally {
  await closeDatabase();
  await env.embedded?.stop();
}
