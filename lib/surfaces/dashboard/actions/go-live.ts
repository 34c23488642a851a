import { addDocument, removeDocument } from '../../../operator/go-live/documents';
import { reapply, saveApplication, submitApplication } from '../../../operator/go-live/application';
import { goLiveDocumentIdInput, goLiveDocumentInput, goLiveFieldsInput } from '../../../operator/go-live/input';
import { validate } from '../../../platform/http/parse';
import type { DashboardAction, FormValues } from '../perform';

/**
 * The go-live application, filled and sent by the business's owners only: it states who owns the
 * business and where its real money is settled, which is the owner's word to give (admins may
 * prepare everything else, but not this). Submitting asks for a fresh second factor: it is what
 * turns on real money. The audit lines never hold the settlement account number or a document's bytes.
 */
const OWNERS = { roles: ['owner'] } as const;

const FIELDS = Object.keys(goLiveFieldsInput.shape) as (keyof typeof goLiveFieldsInput.shape)[];
const fieldsOf = (form: FormValues) => Object.fromEntries(FIELDS.map((name) => [name, form[name]]));

export const GO_LIVE_ACTIONS = {
  saveGoLive: {
    name: 'go_live.save',
    allowed: OWNERS,
    read: (form) => validate(goLiveFieldsInput, fieldsOf(form)),
    run: (ctx, input) => saveApplication(ctx.db, ctx.merchant.id, input),
    audit: (_input, application) => ({ target: application.id, details: { status: application.status } }),
  } satisfies DashboardAction<ReturnType<typeof goLiveFieldsInput.parse>, Awaited<ReturnType<typeof saveApplication>>>,

  uploadGoLiveDocument: {
    name: 'go_live.upload_document',
    allowed: OWNERS,
    read: (form) => validate(goLiveDocumentInput, { document: form.document, document_name: form.document_name }),
    run: (ctx, input) => addDocument(ctx.db, ctx.merchant.id, ctx.person.user.id, input),
    audit: (_input, document) => ({
      target: document.id,
      details: { kind: document.kind, file_name: document.file_name, size_bytes: document.size_bytes },
    }),
  } satisfies DashboardAction<ReturnType<typeof goLiveDocumentInput.parse>, Awaited<ReturnType<typeof addDocument>>>,

  removeGoLiveDocument: {
    name: 'go_live.remove_document',
    allowed: OWNERS,
    read: (form) => validate(goLiveDocumentIdInput, { document_id: form.document_id }),
    run: (ctx, input) => removeDocument(ctx.db, ctx.merchant.id, input.document_id),
    audit: (_input, removed) => ({ target: removed.id, details: { file_name: removed.file_name } }),
  } satisfies DashboardAction<{ document_id: string }, Awaited<ReturnType<typeof removeDocument>>>,

  submitGoLive: {
    name: 'go_live.submit',
    allowed: OWNERS,
    read: () => ({}),
    run: (ctx) =>
      submitApplication(ctx.db, ctx.merchant.id, { userId: ctx.person.user.id, email: ctx.person.user.email }),
    audit: (_input, application) => ({
      target: application.id,
      details: { status: application.status, legal_name: application.legal_name },
    }),
  } satisfies DashboardAction<Record<string, never>, Awaited<ReturnType<typeof submitApplication>>>,

  reapplyGoLive: {
    name: 'go_live.reapply',
    allowed: OWNERS,
    read: () => ({}),
    run: (ctx) => reapply(ctx.db, ctx.merchant.id),
    audit: (_input, application) => ({
      target: application.id,
      details: { status: application.status, previous_application_id: application.previous_application_id },
    }),
  } satisfies DashboardAction<Record<string, never>, Awaited<ReturnType<typeof reapply>>>,
};
