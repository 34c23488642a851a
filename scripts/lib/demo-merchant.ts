import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getDb } from '../../lib/platform/db/client';
import { merchants } from '../../lib/platform/db/schema';
import { createMerchant } from '../../lib/operator/merchants/create-merchant';
import { DATA_DIR } from './environment';

export interface DemoMerchant {
  merchant_id: string;
  name: string;
  api_key: string;
}

/**
 * The demo merchant of a development install: created on first start (KYB verified, so every
 * currency works) and remembered in .data/demo-merchant.json, because the database only keeps the
 * key's hash and the banner must print the key on every start.
 */
export async function ensureDemoMerchant(): Promise<DemoMerchant> {
  const file = path.join(DATA_DIR, 'demo-merchant.json');
  if (fs.existsSync(file)) {
    const demo = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoMerchant;
    const [exists] = await getDb()
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.id, demo.merchant_id));
    if (exists) return demo;
  }
  const created = await createMerchant(getDb(), {
    input: { name: 'Demo Store', email: 'demo@merchant.test', kyb_status: 'verified' },
    createdBy: null,
  });
  const demo = { merchant_id: created.merchant.id, name: created.merchant.name, api_key: created.api_key.secret_key };
  fs.writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return demo;
}
