import { testSql } from './database';

/** Small files as they start: what the service takes (PDF, PNG, JPEG) and what it must refuse. */
export const SAMPLE_FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  html: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
  svg: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
};

/** Every field the operator needs, as the dashboard's form posts them. */
export const COMPLETE_FIELDS = {
  legal_name: 'Ama Stores Limited',
  trading_name: 'Ama Stores',
  registration_number: 'CS-123456789',
  country: 'GH',
  business_address: '12 Oxford Street, Osu, Accra',
  website: 'https://ama.example',
  business_description: 'Clothes and shoes, sold online and in one shop in Accra.',
  owner_name: 'Ama Owusu',
  owner_email: 'ama@ama.example',
  owner_phone: '+233 24 412 3456',
  settlement_currency_code: 'GHS',
  settlement_account_type: 'bank_account',
  account_holder_name: 'Ama Stores Limited',
  bank_name: 'Ecobank Ghana',
  account_number: '1441000123456',
};

const sql = testSql();

/** Puts a business's application back to a draft (creating it), with its documents gone: a fresh start. */
export async function freshDraft(merchantId: string, fields: 'empty' | 'complete' = 'empty') {
  await sql`delete from go_live_documents where merchant_id = ${merchantId}`;
  await sql`insert into go_live_applications (merchant_id) values (${merchantId}) on conflict (merchant_id) where superseded_at is null do nothing`;
  await sql`update go_live_applications set status = 'draft' where merchant_id = ${merchantId} and superseded_at is null`;
  if (fields === 'complete') {
    const f = COMPLETE_FIELDS;
    await sql`update go_live_applications set legal_name = ${f.legal_name}, registration_number = ${f.registration_number},
      country = ${f.country}, business_address = ${f.business_address}, business_description = ${f.business_description},
      owner_name = ${f.owner_name}, owner_email = ${f.owner_email}, settlement_currency_code = ${f.settlement_currency_code},
      settlement_account_type = ${f.settlement_account_type}, account_holder_name = ${f.account_holder_name},
      bank_name = ${f.bank_name}, account_number = ${f.account_number}
      where merchant_id = ${merchantId} and superseded_at is null`;
  }
}

/** A document stored for the business's application (as an upload would), its id. */
export async function storedDocument(merchantId: string, kind: keyof typeof SAMPLE_FILES = 'pdf'): Promise<string> {
  const [app] = await sql`
    insert into go_live_applications (merchant_id) values (${merchantId})
    on conflict (merchant_id) where superseded_at is null do update set merchant_id = excluded.merchant_id returning id`;
  const bytes = SAMPLE_FILES[kind];
  const [row] = await sql`
    insert into go_live_documents (application_id, merchant_id, kind, file_name, size_bytes, content)
    values (${app!.id as string}, ${merchantId}, ${kind}, ${`proof.${kind}`}, ${bytes.length}, ${bytes}) returning id`;
  return row!.id as string;
}

/** A business whose complete application waits for the operator. */
export async function submittedApplication(merchantId: string) {
  await freshDraft(merchantId, 'complete');
  await storedDocument(merchantId, 'pdf');
  await sql`update go_live_applications set status = 'submitted', submitted_at = now()
    where merchant_id = ${merchantId} and superseded_at is null`;
}

/** A business whose complete application the operator rejected (as the console would, without its mail). */
export async function rejectedApplication(merchantId: string, reason = 'The registration number is not readable.') {
  await submittedApplication(merchantId);
  await sql`update go_live_applications set status = 'rejected', decision_reason = ${reason}, decided_at = now()
    where merchant_id = ${merchantId} and superseded_at is null`;
}
