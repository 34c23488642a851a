import { beforeAll, describe, expect, it } from 'vitest';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { newMerchant, type Merchant } from '../../support/fixtures';
import { contract } from '../../support/contract';
import { memberOf, steppedUp, type Member } from '../../support/members';

/**
 * The branding form: what it posts becomes the API's PUT body (empty = back to the default, all
 * methods ticked = every method), refused with the API's own field errors, and the API reads back
 * what the dashboard saved.
 */
const FULL = {
  mode: 'test',
  display_name: 'Ama Stores',
  logo_url: 'https://ama.example/logo.png',
  primary_color: '#1a7f37',
  success_redirect_url: 'https://ama.example/thanks',
  support_email: 'help@ama.example',
  support_phone: '+233241234567',
  method_mobile_money: 'on',
  method_bank_transfer: 'on',
};

describe('branding from the dashboard', () => {
  let merchant: Merchant;
  let owner: Member;
  beforeAll(async () => {
    merchant = await newMerchant({ name: 'Brand Shop' });
    owner = await memberOf(merchant.id, 'owner');
    // A new success URL asks for a fresh second factor (the generic tests check the asking).
    await steppedUp(owner);
  });
  const branding = async () => (await merchant.ok(contract.getBranding, {})).body.data;

  it('saves every field, as the API reads it back (colour upper-cased, all methods = null)', async () => {
    const outcome = await runDashboardAction('updateBranding', owner.headers(), FULL);
    expect(outcome).toMatchObject({ ok: true, data: { display_name: 'Ama Stores', primary_color: '#1A7F37' } });
    expect(await branding()).toMatchObject({
      display_name: 'Ama Stores',
      logo_url: 'https://ama.example/logo.png',
      primary_color: '#1A7F37',
      text_color: '#FFFFFF',
      accepted_methods: null,
      success_redirect_url: 'https://ama.example/thanks',
      support_email: 'help@ama.example',
      support_phone: '+233241234567',
    });
  });

  it('an emptied field goes back to its default; one method ticked is that method only', async () => {
    const outcome = await runDashboardAction('updateBranding', owner.headers(), {
      ...FULL,
      display_name: '',
      logo_url: ' ',
      primary_color: '',
      method_bank_transfer: '',
    });
    expect(outcome.ok).toBe(true);
    expect(await branding()).toMatchObject({
      display_name: 'Brand Shop',
      logo_url: null,
      primary_color: '#0B5FFF',
      accepted_methods: ['mobile_money'],
    });
  });

  it("refuses with the API's field errors and changes nothing", async () => {
    const before = await branding();
    const outcome = await runDashboardAction('updateBranding', owner.headers(), {
      ...FULL,
      primary_color: 'green',
      logo_url: 'http://ama.example/logo.png',
      method_mobile_money: '',
      method_bank_transfer: '',
    });
    expect(outcome).toMatchObject({ ok: false, code: 'validation_error' });
    const fields = outcome.ok ? [] : outcome.fields.map((f) => f.field).sort();
    expect(fields).toEqual(['accepted_methods', 'logo_url', 'primary_color']);
    expect(await branding()).toEqual(before);
  });
});
