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
  },
} satisfies Record<string, ActionCase>;
