import type { z } from 'zod';
import { MEMBER_ROLES } from '../../../platform/vocabulary';
import { validate } from '../../../platform/http/parse';
import { noticeChoicesInput, saveNoticeChoices, type NoticeChoices } from '../../../merchants/mail/preferences';
import type { DashboardAction } from '../perform';

/**
 * Which money mails the signed-in member gets from this business (Settings → Notifications): anyone,
 * for themselves only; the choice is per business, whatever the mode.
 */
export const updateMailPreferencesAction = {
  name: 'mail_preferences.update',
  allowed: { roles: MEMBER_ROLES },
  read: (form) => validate(noticeChoicesInput, form),
  run: (ctx, input) => saveNoticeChoices(ctx.db, { userId: ctx.person.user.id, merchantId: ctx.merchant.id }, input),
  audit: (_input, choices) => ({ target: null, details: choices }),
} satisfies DashboardAction<z.output<typeof noticeChoicesInput>, NoticeChoices>;
