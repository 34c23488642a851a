import type { ActionCase } from './world';
import {
  COMPLETE_FIELDS,
  SAMPLE_FILES,
  freshDraft,
  rejectedApplication,
  storedDocument,
} from '../../../support/go-live';

export const GO_LIVE_CASES = {
  saveGoLive: {
    valid: async ({ merchant }) => (await freshDraft(merchant.id), { ...COMPLETE_FIELDS }),
    foreign: null,
  },
  uploadGoLiveDocument: {
    valid: async ({ merchant }) => (
      await freshDraft(merchant.id),
      { document: SAMPLE_FILES.png.toString('base64'), document_name: 'certificate.png' }
    ),
    foreign: null,
  },
  removeGoLiveDocument: {
    valid: async ({ merchant }) => (await freshDraft(merchant.id), { document_id: await storedDocument(merchant.id) }),
    foreign: async ({ merchant, other }) => (
      await freshDraft(merchant.id),
      { document_id: await storedDocument(other.id) }
    ),
  },
  submitGoLive: {
    valid: async ({ merchant }) => {
      await freshDraft(merchant.id, 'complete');
      await storedDocument(merchant.id);
      return {};
    },
    foreign: null,
  },
  reapplyGoLive: {
    valid: async ({ merchant }) => (await rejectedApplication(merchant.id), {}),
    foreign: null,
  },
} satisfies Record<string, ActionCase>;
