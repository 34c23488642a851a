import { contract } from '../../../support/contract';
import type { Merchant } from '../../../support/fixtures';
import type { ActionCase } from './world';

/** A key any role that manages keys may revoke: a developer may not revoke a FULL_ACCESS one. */
const anActiveKey = async (merchant: Merchant) =>
  (
    await merchant.ok(contract.createApiKey, {
      body: { name: 'To revoke', scope: 'RESTRICTED', permissions: ['read', 'checkout'] },
    })
  ).body.data.id;

export const API_KEY_CASES = {
  createApiKey: {
    valid: () => ({ name: 'Shop server', scope: 'RESTRICTED', permission_read: 'on', permission_checkout: 'on' }),
    foreign: null,
  },
  revokeApiKey: {
    valid: async ({ merchant }) => ({ key_id: await anActiveKey(merchant) }),
    foreign: async ({ other }) => ({ key_id: await anActiveKey(other) }),
  },
} satisfies Record<string, ActionCase>;
