import { describe, expect, it } from 'vitest';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { chosenLocale, currentPerson } from '../../../lib/surfaces/dashboard/people';
import { testSql } from '../../support/database';
import { newMerchant } from '../../support/fixtures';
import { memberOf, PASSWORD } from '../../support/members';
import { browser } from '../../support/people';

/**
 * The language a person chooses is kept on their account (auth_users.locale), for them alone, through
 * the dashboard's action (no step-up, an audit line); nothing else can set it.
 */
const sql = testSql();
const localeOf = async (userId: string) =>
  ((await sql`select locale from auth_users where id = ${userId}`) as unknown as [{ locale: string | null }])[0].locale;

describe("a person's language", () => {
  it('is stored on their account by the action, for them only, and read back on their next request', async () => {
    const merchant = await newMerchant({ name: 'Langue Shop' });
    const owner = await memberOf(merchant.id, 'owner');
    const viewer = await memberOf(merchant.id, 'viewer');
    expect(await chosenLocale(owner.headers())).toBeNull();

    // A viewer may choose their own language; no code is asked for.
    const chosen = await runDashboardAction('chooseLanguage', viewer.headers(), { mode: 'test', locale: 'fr' });
    expect(chosen).toEqual({ ok: true, data: { locale: 'fr', previous: null } });
    expect(await localeOf(viewer.userId)).toBe('fr');
    expect(await localeOf(owner.userId)).toBeNull();
    expect(await chosenLocale(viewer.headers())).toBe('fr');
    expect((await currentPerson(viewer.headers()))?.user.locale).toBe('fr');
    expect(await chosenLocale(owner.headers())).toBeNull();

    const [line] = await sql`
      select action, user_id, details from audit_log where merchant_id = ${merchant.id} and action = 'person.set_locale'`;
    expect(line).toEqual({
      action: 'person.set_locale',
      user_id: viewer.userId,
      details: { locale: 'fr', previous: null },
    });

    const back = await runDashboardAction('chooseLanguage', viewer.headers(), { mode: 'test', locale: 'en' });
    expect(back).toEqual({ ok: true, data: { locale: 'en', previous: 'fr' } });
    expect(await chosenLocale(viewer.headers())).toBe('en');
  });

  it('refuses a language that is not offered, and changes nothing', async () => {
    const merchant = await newMerchant({ name: 'Sprache Shop' });
    const owner = await memberOf(merchant.id, 'owner');
    for (const locale of ['de', 'FR', '']) {
      const refusal = await runDashboardAction('chooseLanguage', owner.headers(), { mode: 'test', locale });
      expect(refusal).toMatchObject({ ok: false, code: 'validation_error', fields: [{ field: 'locale' }] });
    }
    expect(await localeOf(owner.userId)).toBeNull();
    const signedOut = await runDashboardAction('chooseLanguage', new Headers(), { mode: 'test', locale: 'fr' });
    expect(signedOut).toMatchObject({ ok: false, code: 'signed_out' });
  });

  it('cannot be set through the sign-in library at sign-up', async () => {
    const who = browser();
    const email = `polyglot-${crypto.randomUUID()}@shop.test`;
    const res = await who.post('/sign-up/email', { name: 'Polyglot', email, password: PASSWORD, locale: 'fr' });
    const [row] = await sql`select locale from auth_users where email = ${email}`;
    // Either refused outright, or the field ignored: never stored.
    if (res.status === 200) expect(row).toEqual({ locale: null });
    else expect(row).toBeUndefined();
  });
});
