import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../lib/platform/config';

/** LIVE_ROUTES per (currency, method, country), and the credentials of each country. */

const base = {
  DATABASE_URL: 'postgres://user:pass@db.internal:5432/payments',
  CHECKOUT_TOKEN_SECRET: 'c'.repeat(32),
  AUTH_SECRET: 's'.repeat(32),
};

const mtnProduct = () => ({ subscription_key: 'sub-key', api_user: crypto.randomUUID(), api_key: 'api-key' });
/** The MTN_MOMO_* variables: Ghana's credentials (mtnghana), both products. */
const mtnGhana = {
  MTN_MOMO_TARGET_ENVIRONMENT: 'mtnghana',
  MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: 'sub',
  MTN_MOMO_COLLECTION_API_USER: crypto.randomUUID(),
  MTN_MOMO_COLLECTION_API_KEY: 'key',
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: 'sub2',
  MTN_MOMO_DISBURSEMENT_API_USER: crypto.randomUUID(),
  MTN_MOMO_DISBURSEMENT_API_KEY: 'key2',
};
const airtel = (accounts: object) => ({ AIRTEL_ACCOUNTS: JSON.stringify(accounts) });
const airtelApp = { client_id: 'id', client_secret: 'secret-value-1', encrypted_pin: 'c2VhbGVk' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

const routesOf = (env: Record<string, string>) =>
  parseConfig({ ...base, ...env }).LIVE_ROUTES.map((r) => `${r.currency}:${r.method}:${r.country}=${r.instance}`);

describe('LIVE_ROUTES with countries', () => {
  it('implies the country where the currency has one, and keeps the MTN_MOMO_* variables as one country', () => {
    expect(
      routesOf({ ...mtnGhana, LIVE_ROUTES: 'GHS:mobile_money=mtn_momo, GHS:payout_mobile_money:GH=mtn_momo' }),
    ).toEqual(['GHS:mobile_money:GH=mtn_momo', 'GHS:payout_mobile_money:GH=mtn_momo']);
  });

  it('requires the country for XOF and XAF, saying so', () => {
    for (const currency of ['XOF', 'XAF']) {
      const [problem] = problemsOf({ ...mtnGhana, LIVE_ROUTES: `${currency}:mobile_money=mtn_momo` });
      expect(problem).toMatch(new RegExp(`^LIVE_ROUTES: .*needs a country: ${currency} is used in several countries`));
      expect(problem).toMatch(new RegExp(`${currency}:mobile_money:C[IM]=mtn_momo`));
    }
  });

  it('sends other MTN countries through MTN_MOMO_ACCOUNTS, each an instance of its own', () => {
    const accounts = {
      CI: { target_environment: 'mtnivorycoast', collection: mtnProduct(), disbursement: mtnProduct() },
      UG: { target_environment: 'mtnuganda', collection: mtnProduct() },
    };
    const env = {
      ...mtnGhana,
      MTN_MOMO_ACCOUNTS: JSON.stringify(accounts),
      LIVE_ROUTES:
        'GHS:mobile_money=mtn_momo, XOF:mobile_money:CI=mtn_momo, XOF:payout_mobile_money:CI=mtn_momo, UGX:mobile_money=mtn_momo',
    };
    expect(routesOf(env)).toEqual([
      'GHS:mobile_money:GH=mtn_momo',
      'XOF:mobile_money:CI=mtn_momo:CI',
      'XOF:payout_mobile_money:CI=mtn_momo:CI',
      'UGX:mobile_money:UG=mtn_momo:UG',
    ]);
    // Uganda's account has no Disbursement product.
    const [problem] = problemsOf({ ...env, LIVE_ROUTES: 'UGX:payout_mobile_money=mtn_momo' });
    expect(problem).toMatch(/credentials for UG are not set \(MTN_MOMO_ACCOUNTS\.UG\.disbursement\)/);
  });

  it('refuses a route to a country the credentials do not cover', () => {
    const [problem] = problemsOf({ ...mtnGhana, LIVE_ROUTES: 'XOF:mobile_money:CI=mtn_momo' });
    expect(problem).toMatch(/no MTN credentials cover CI: MTN_MOMO_TARGET_ENVIRONMENT \(mtnghana\) is GH's/);
    const [airtelProblem] = problemsOf({ ...airtel({ UG: airtelApp }), LIVE_ROUTES: 'KES:mobile_money=airtel' });
    expect(airtelProblem).toMatch(/credentials for KE are not set \(AIRTEL_ACCOUNTS\.KE\)/);
  });

  it('refuses two countries on one MTN credential', () => {
    const sandbox = { ...mtnGhana, MTN_MOMO_TARGET_ENVIRONMENT: 'sandbox' };
    const problems = problemsOf({ ...sandbox, LIVE_ROUTES: 'GHS:mobile_money=mtn_momo, UGX:mobile_money=mtn_momo' });
    expect(problems).toEqual([expect.stringMatching(/two countries \(GH, UG\) on one MTN credential/)]);
    // The same API user given again for another country.
    const reused = {
      target_environment: 'mtnuganda',
      collection: { ...mtnProduct(), api_user: mtnGhana.MTN_MOMO_COLLECTION_API_USER },
    };
    const [shared] = problemsOf({ ...mtnGhana, MTN_MOMO_ACCOUNTS: JSON.stringify({ UG: reused }) });
    expect(shared).toMatch(/^MTN_MOMO_ACCOUNTS: GH and UG share an API user/);
    // An account whose target environment is another country's.
    const [wrong] = problemsOf({
      MTN_MOMO_ACCOUNTS: JSON.stringify({ CI: { target_environment: 'mtncameroon', collection: mtnProduct() } }),
    });
    expect(wrong).toMatch(/^MTN_MOMO_ACCOUNTS: CI's target_environment mtncameroon is CM's/);
  });

  it('refuses Paystack bank transfers outside NGN: Pay with Transfer is Nigeria-only', () => {
    const [problem] = problemsOf({ PAYSTACK_SECRET_KEY: 'sk_live_abc', LIVE_ROUTES: 'KES:bank_transfer=paystack' });
    expect(problem).toMatch(
      /paystack does not serve bank_transfer in KES \(Paystack's Pay with Transfer is Nigeria-only\)/,
    );
  });

  it.each([
    ['UGX:mobile_money=mpesa', /mpesa does not serve mobile_money in UGX/],
    ['KES:mobile_money:UG=airtel', /airtel does not serve mobile_money in KES in UG: only in KE/],
    ['XOF:mobile_money:SN=mtn_momo', /mtn_momo does not serve mobile_money in XOF in SN: only in CI/],
    ['EUR:mobile_money=mtn_momo', /mtn_momo does not serve mobile_money in EUR/],
    ['UGX:bank_transfer=airtel', /airtel does not serve bank_transfer in UGX/],
    ['KES:mobile_money=mpesa, KES:mobile_money:KE=mpesa', /routes KES mobile_money in KE twice/],
  ])('refuses a route the provider does not serve there: %j', (routes, message) => {
    const problems = problemsOf({ ...airtel({ UG: airtelApp, KE: airtelApp }), LIVE_ROUTES: routes });
    expect(problems[0]).toMatch(/^LIVE_ROUTES: /);
    expect(problems[0]).toMatch(message);
  });

  it('routes M-Pesa and Airtel Money side by side in Kenya: two networks, two instances', () => {
    const mpesa = {
      MPESA_CONSUMER_KEY: 'k',
      MPESA_CONSUMER_SECRET: 's',
      MPESA_SHORT_CODE: '174379',
      MPESA_PASSKEY: 'p',
    };
    expect(
      routesOf({
        ...mpesa,
        ...airtel({ UG: airtelApp, KE: airtelApp }),
        LIVE_ROUTES: 'KES:mobile_money=mpesa, KES:mobile_money=airtel, UGX:mobile_money=airtel',
      }),
    ).toEqual(['KES:mobile_money:KE=mpesa', 'KES:mobile_money:KE=airtel:KE', 'UGX:mobile_money:UG=airtel:UG']);
  });

  it('an Airtel payout route needs the encrypted PIN; the accounts are checked, never printed', () => {
    const { encrypted_pin: _, ...noPin } = airtelApp;
    const [problem] = problemsOf({ ...airtel({ UG: noPin }), LIVE_ROUTES: 'UGX:payout_mobile_money=airtel' });
    expect(problem).toMatch(/AIRTEL_ACCOUNTS\.UG\.encrypted_pin/);
    const bad = problemsOf({ AIRTEL_ACCOUNTS: JSON.stringify({ TZ: airtelApp }) });
    expect(bad[0]).toMatch(/^AIRTEL_ACCOUNTS: /);
    expect(bad.join(' ')).not.toContain('secret-value-1');
    expect(problemsOf({ AIRTEL_ACCOUNTS: '{not json' })[0]).toMatch(/^AIRTEL_ACCOUNTS: must be a JSON object/);
  });
});
