import { runDashboardAction } from '../../../../lib/surfaces/dashboard/actions';
import { logoForm, pngOf } from '../../../support/logo-files';
import type { ActionCase } from './world';

export const BRANDING_CASES = {
  updateBranding: {
    valid: () => ({
      display_name: 'Ama Stores',
      logo_url: 'https://ama.example/logo.png',
      primary_color: '#1a7f37',
      success_redirect_url: '',
      support_email: 'help@ama.example',
      support_phone: '',
      method_mobile_money: 'on',
    }),
    foreign: null,
    // A new success URL decides where paying customers are sent.
    stepUpForm: () => ({
      display_name: 'Ama Stores',
      success_redirect_url: `https://ama.example/thanks/${Date.now()}`,
      method_mobile_money: 'on',
    }),
  },
  uploadLogo: { valid: () => logoForm(pngOf(2, 2, [26, 127, 55])), foreign: null, stepUpForm: null },
  // There is a logo to remove: the owner uploads one first (in the same merchant and mode).
  removeLogo: {
    valid: async ({ team }) => {
      const uploaded = await runDashboardAction('uploadLogo', team.owner.headers(), {
        mode: 'test',
        ...logoForm(pngOf(1, 1, [0, 0, 0])),
      });
      if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
      return {};
    },
    foreign: null,
    stepUpForm: null,
  },
} satisfies Record<string, ActionCase>;
