import { contract } from '../../../support/contract';
import type { Merchant } from '../../../support/fixtures';
import type { ActionCase } from './world';

/** An active embed session made through the API: a fresh one each time, as disabling uses it up. */
const anActiveSession = async (merchant: Merchant) =>
  (
    await merchant.ok(contract.createEmbedSession, {
      body: { amount: 50, currency_code: 'GHS', allowed_origins: ['https://shop.example'] },
    })
  ).body.data.id;

export const EMBED_SESSION_CASES = {
  createEmbedSession: {
    // Several amount rows (one blank), typed as people type them; origins one per line.
    valid: () => ({
      amount_0: '50',
      amount_1: '125,50',
      amount_2: '',
      amount_3: '250',
      currency_code: 'GHS',
      description: 'Library fund',
      button_label: 'Donate',
      collect_customer_name: 'on',
      allowed_origins: 'https://shop.example\nhttp://localhost:8080',
      expires_at: '',
    }),
    foreign: null,
  },
  disableEmbedSession: {
    valid: async ({ merchant }) => ({ embed_session_id: await anActiveSession(merchant) }),
    foreign: async ({ other }) => ({ embed_session_id: await anActiveSession(other) }),
  },
} satisfies Record<string, ActionCase>;
