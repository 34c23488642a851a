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
} satisfies Record<string, ActionCase>;
