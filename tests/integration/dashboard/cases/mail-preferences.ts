import type { ActionCase } from './world';

export const MAIL_PREFERENCE_CASES = {
  updateMailPreferences: { valid: () => ({ payment_received: 'on', action_needed: 'on' }), foreign: null },
} satisfies Record<string, ActionCase>;
