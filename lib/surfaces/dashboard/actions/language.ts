import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { authUsers } from '../../../platform/db/schema';
import { MEMBER_ROLES } from '../../../platform/vocabulary';
import { validate } from '../../../platform/http/parse';
import { PEOPLE_LOCALES, type PeopleLocale } from '../../../platform/i18n/locale';
import type { DashboardAction } from '../perform';
import type { MemberCtx } from '../member';

/**
 * The language the person reads the dashboard and the console in, kept on their account
 * (`auth_users.locale`), so it holds on every page, after a reload and on another browser. Anyone may
 * choose their own; it moves nothing, so no step-up. The line in the business's audit log says who.
 */
export const localeInput = z.strictObject({
  locale: z.enum(PEOPLE_LOCALES, { error: `must be one of ${PEOPLE_LOCALES.join(', ')}` }),
});

async function setLocale(ctx: MemberCtx, locale: PeopleLocale) {
  await ctx.db.update(authUsers).set({ locale }).where(eq(authUsers.id, ctx.person.user.id));
  return { locale, previous: ctx.person.user.locale };
}

export const chooseLanguage = {
  name: 'person.set_locale',
  allowed: { roles: MEMBER_ROLES },
  read: (form) => validate(localeInput, form),
  run: (ctx, input) => setLocale(ctx, input.locale),
  audit: (_input, result) => ({ target: null, details: { locale: result.locale, previous: result.previous } }),
} satisfies DashboardAction<z.infer<typeof localeInput>, Awaited<ReturnType<typeof setLocale>>>;
