import { and, asc, count, eq } from 'drizzle-orm';
import { goLiveDocuments } from '../../platform/db/schema';
import { type GoLiveDocumentKind } from '../../platform/vocabulary';
import type { Db } from '../../platform/db/client';
import { notFound, unprocessable } from '../../platform/http/errors';
import { formatTimestamp } from '../../platform/time';
import { editableApplication } from './application';

/** At most this many documents of at most this size each (the page and its server action allow as much). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENTS = 5;

/** What a kind is served as: the type of the checked kind, never what the browser said. */
export const DOCUMENT_CONTENT_TYPES: Record<GoLiveDocumentKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

const SIGNATURES: [GoLiveDocumentKind, number[]][] = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', [0xff, 0xd8, 0xff]],
];

/**
 * A file's kind from its first bytes (its magic number), or null. The name and the browser's type
 * are never asked: an HTML or SVG page renamed `.pdf` is null, a PNG named `.pdf` is a PNG.
 */
export function documentKindOf(bytes: Uint8Array): GoLiveDocumentKind | null {
  const found = SIGNATURES.find(([, magic]) => magic.every((b, i) => bytes[i] === b));
  return found ? found[0] : null;
}

const field = (message: string) => unprocessable([{ field: 'document', message }]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The form's base64 into bytes, refusing what is not a file we keep before decoding anything large. */
export function decodeDocument(base64: string): { bytes: Buffer; kind: GoLiveDocumentKind } {
  if (base64.length > Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4) throw field('is larger than 5 MB');
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw field('could not be read: choose the file again');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw field('is empty');
  if (bytes.length > MAX_DOCUMENT_BYTES) throw field('is larger than 5 MB');
  const kind = documentKindOf(bytes);
  if (!kind) throw field('must be a PDF, PNG or JPEG file');
  return { bytes, kind };
}

/** A name to show: the uploaded one without its path, else one made from the kind. */
const shownName = (name: string | undefined, kind: GoLiveDocumentKind) =>
  name?.split(/[\\/]/).pop()?.trim().slice(0, 200) || `document.${kind === 'jpeg' ? 'jpg' : kind}`;

export async function addDocument(
  db: Db,
  merchantId: string,
  userId: string,
  input: { document: string; document_name?: string },
) {
  const { bytes, kind } = decodeDocument(input.document);
  const application = await editableApplication(db, merchantId);
  // The application row is locked: two uploads at once cannot both be the fifth.
  const [held] = await db
    .select({ n: count() })
    .from(goLiveDocuments)
    .where(eq(goLiveDocuments.applicationId, application.id));
  if ((held?.n ?? 0) >= MAX_DOCUMENTS) throw field(`at most ${MAX_DOCUMENTS} documents: remove one first`);
  const [row] = await db
    .insert(goLiveDocuments)
    .values({
      applicationId: application.id,
      merchantId,
      kind,
      fileName: shownName(input.document_name, kind),
      sizeBytes: bytes.length,
      content: bytes,
      uploadedBy: userId,
    })
    .returning({ id: goLiveDocuments.id, kind: goLiveDocuments.kind, fileName: goLiveDocuments.fileName });
  return { id: row!.id, kind: row!.kind, file_name: row!.fileName, size_bytes: bytes.length };
}

export async function removeDocument(db: Db, merchantId: string, documentId: string) {
  const application = await editableApplication(db, merchantId);
  const [gone] = await db
    .delete(goLiveDocuments)
    .where(and(eq(goLiveDocuments.id, documentId), eq(goLiveDocuments.applicationId, application.id)))
    .returning({ id: goLiveDocuments.id, fileName: goLiveDocuments.fileName });
  if (!gone) throw notFound('Document');
  return { id: gone.id, file_name: gone.fileName };
}

/** The documents of an application, without their bytes. */
export async function listDocuments(db: Db, applicationId: string) {
  const rows = await db
    .select({
      id: goLiveDocuments.id,
      kind: goLiveDocuments.kind,
      fileName: goLiveDocuments.fileName,
      sizeBytes: goLiveDocuments.sizeBytes,
      createdAt: goLiveDocuments.createdAt,
    })
    .from(goLiveDocuments)
    .where(eq(goLiveDocuments.applicationId, applicationId))
    .orderBy(asc(goLiveDocuments.createdAt), asc(goLiveDocuments.id));
  return rows.map((d) => ({
    id: d.id,
    kind: d.kind,
    file_name: d.fileName,
    size_bytes: d.sizeBytes,
    created_at: formatTimestamp(d.createdAt)!,
  }));
}

/**
 * One document's bytes, for whoever may see them: a merchant's (`merchantId`) or, for the operator,
 * any (`null`). Anything else (another merchant's id, an unknown one) is not found, alike.
 */
export async function readDocument(db: Db, documentId: string, merchantId: string | null) {
  const [row] = await db
    .select()
    .from(goLiveDocuments)
    .where(
      merchantId === null
        ? eq(goLiveDocuments.id, documentId)
        : and(eq(goLiveDocuments.id, documentId), eq(goLiveDocuments.merchantId, merchantId)),
    );
  if (!row) throw notFound('Document');
  return { kind: row.kind, fileName: row.fileName, content: row.content };
}
