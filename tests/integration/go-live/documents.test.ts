import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../../lib/operator/go-live/documents';
import { newMerchant } from '../../support/fixtures';
import { SAMPLE_FILES } from '../../support/go-live';
import { databaseState } from '../../support/security-cases';
import { memberOf, steppedUp, teamOf } from '../../support/members';
import { act, download, newOperator, sql, upload, uploadNow } from './helpers';

/**
 * The application's documents: what a file is comes from its first bytes, never its name or the
 * browser's type; how large and how many; and who may download one (the business's owners and the
 * operator; to anyone else it does not exist).
 */
const idOf = (outcome: Awaited<ReturnType<typeof upload>>) => (outcome.ok ? (outcome.data as { id: string }).id : '');

describe('go-live documents', () => {
  it('are kept as the kind their bytes say: a PNG named .pdf is a PNG; HTML or SVG named .pdf is refused', async () => {
    const merchant = await newMerchant({ kyb_status: 'unverified' });
    const owner = await memberOf(merchant.id, 'owner');

    const png = await upload(owner, SAMPLE_FILES.png, 'statement.pdf', 'application/pdf');
    expect(png, JSON.stringify(png)).toMatchObject({ ok: true, data: { kind: 'png', file_name: 'statement.pdf' } });
    const jpeg = await upload(owner, SAMPLE_FILES.jpeg, 'id.png', 'image/png');
    expect(jpeg).toMatchObject({ ok: true, data: { kind: 'jpeg' } });
    const [stored] = await sql`select kind, size_bytes, content from go_live_documents where id = ${idOf(png)}`;
    expect(stored!.kind).toBe('png');
    expect(Buffer.compare(stored!.content as Buffer, SAMPLE_FILES.png)).toBe(0);

    for (const [bytes, name] of [
      [SAMPLE_FILES.html, 'certificate.pdf'],
      [SAMPLE_FILES.svg, 'logo.pdf'],
      [Buffer.from('MZ\x90\x00 not a document'), 'setup.pdf'],
    ] as const) {
      await steppedUp(owner);
      const before = await databaseState();
      const refused = await uploadNow(owner, bytes, name, 'application/pdf');
      expect(refused, name).toMatchObject({ ok: false, code: 'validation_error' });
      expect(refused.ok === false && refused.fields).toEqual([
        { field: 'document', message: 'must be a PDF, PNG or JPEG file' },
      ]);
      expect(await databaseState()).toEqual(before);
    }
  });

  it('5 MB each, 5 in all, and no empty file', async () => {
    const merchant = await newMerchant({ kyb_status: 'unverified' });
    const owner = await memberOf(merchant.id, 'owner');
    const atLimit = Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20);
    SAMPLE_FILES.pdf.copy(atLimit);
    expect(await upload(owner, atLimit, 'big.pdf')).toMatchObject({
      ok: true,
      data: { size_bytes: MAX_DOCUMENT_BYTES },
    });
    const over = Buffer.concat([atLimit, Buffer.from(' ')]);
    const refused = await upload(owner, over, 'bigger.pdf');
    expect(refused.ok === false && refused.fields).toEqual([{ field: 'document', message: 'is larger than 5 MB' }]);
    expect(await upload(owner, Buffer.alloc(0), 'empty.pdf')).toMatchObject({ ok: false, code: 'validation_error' });
    for (let i = 0; i < 4; i++) expect(await upload(owner, SAMPLE_FILES.pdf, `p${i}.pdf`)).toMatchObject({ ok: true });
    const sixth = await upload(owner, SAMPLE_FILES.pdf, 'sixth.pdf');
    expect(sixth.ok === false && sixth.fields[0]?.message).toMatch(/at most 5 documents/);
    const [n] = await sql`select count(*)::int as n from go_live_documents where merchant_id = ${merchant.id}`;
    expect(n!.n).toBe(5);
  });

  it("reach the business's owners and the operator only, as attachments of the checked type", async () => {
    const merchant = await newMerchant({ kyb_status: 'unverified' });
    const team = await teamOf(merchant.id);
    const other = await newMerchant({ name: 'Other Shop', kyb_status: 'unverified' });
    const otherOwner = await memberOf(other.id, 'owner');
    const operator = await newOperator();
    const pdf = idOf(await upload(team.owner, SAMPLE_FILES.pdf, 'Registration certificate.pdf'));
    const png = idOf(await upload(team.owner, SAMPLE_FILES.png, 'scan.pdf'));
    const path = (id: string) => `/dashboard/test/go-live/documents/${id}`;

    const mine = await download(team.owner, path(pdf));
    expect(mine.status).toBe(200);
    expect(mine.text).toBe(SAMPLE_FILES.pdf.toString());
    expect(Object.fromEntries(mine.headers.entries())).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="Registration-certificate.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    const asPng = await download(team.owner, path(png));
    expect(asPng.headers.get('content-type')).toBe('image/png');
    expect(asPng.headers.get('content-disposition')).toBe('attachment; filename="scan.png"');

    const unknown = await download(team.owner, path(crypto.randomUUID()));
    expect(unknown.status).toBe(404);
    for (const who of [team.admin, team.developer, team.viewer, otherOwner, null]) {
      const refused = await download(who, path(pdf));
      expect(refused.status, who?.role ?? 'signed out').toBe(404);
      expect(refused.text).toBe(
        unknown.text.replace(/"request_id":"[^"]+"/, refused.text.match(/"request_id":"[^"]+"/)![0]),
      );
      expect(refused.text).not.toContain('%PDF');
    }
    expect((await download(team.owner, path('not-a-uuid'))).status).toBe(404);

    const console = await download(operator, `/console/go-live/documents/${pdf}`);
    expect(console.status).toBe(200);
    expect(console.headers.get('content-type')).toBe('application/pdf');
    expect((await download(team.owner, `/console/go-live/documents/${pdf}`)).status).toBe(404);

    // Removing: the owner's own only; another business's id is not found.
    expect(await act(otherOwner, 'removeGoLiveDocument', { document_id: pdf })).toMatchObject({ code: 'not_found' });
    expect(await act(team.owner, 'removeGoLiveDocument', { document_id: pdf })).toMatchObject({ ok: true });
    expect((await download(team.owner, path(pdf))).status).toBe(404);
  });
});
