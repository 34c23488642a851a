import { describe, expect, it } from 'vitest';
import { newMerchant } from '../../support/fixtures';
import { COMPLETE_FIELDS } from '../../support/go-live';
import { databaseState } from '../../support/security-cases';
import { memberOf, steppedUp, teamOf } from '../../support/members';
import { act, actNow, applicationOf, applyFully, decide, newOperator, sql } from './helpers';

/**
 * The go-live application from draft to live: what the owner may send and when, what the operator
 * decides, and what each decision changes (KYB, live mode, the audit log, the owners' mail).
 */
describe('the go-live application', () => {
  it('draft → submitted → approved: KYB verified, live mode on, every move audited and kept', async () => {
    const merchant = await newMerchant({ name: 'Ama Stores', kyb_status: 'unverified' });
    const owner = await memberOf(merchant.id, 'owner');
    const operator = await newOperator();

    const saved = await act(owner, 'saveGoLive', { legal_name: 'Ama Stores Limited' });
    expect(saved, JSON.stringify(saved)).toMatchObject({ ok: true, data: { status: 'draft' } });
    // Submitting a half-filled application names what is missing and changes nothing.
    await steppedUp(owner);
    const before = await databaseState();
    const early = await actNow(owner, 'submitGoLive');
    expect(early.ok === false && early.code).toBe('validation_error');
    expect(early.ok === false && early.fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['registration_number', 'settlement_account_type', 'account_holder_name', 'document']),
    );
    expect(await databaseState()).toEqual(before);

    expect(await applyFully(owner)).toMatchObject({ ok: true, data: { status: 'submitted' } });
    // Once submitted the business can change nothing until the operator answers.
    const locked = await act(owner, 'saveGoLive', { ...COMPLETE_FIELDS, legal_name: 'Changed' });
    expect(locked).toMatchObject({ ok: false, code: 'go_live_wrong_status' });
    expect(await act(owner, 'submitGoLive')).toMatchObject({ ok: false, code: 'go_live_wrong_status' });

    const approved = await decide(operator, 'approveGoLive', { merchant_id: merchant.id, reason: 'All checked' });
    expect(approved, JSON.stringify(approved)).toMatchObject({ ok: true, data: { status: 'approved' } });
    const [m] = await sql`select kyb_status, live_enabled_at from merchants where id = ${merchant.id}`;
    expect(m!.kyb_status).toBe('verified');
    expect(m!.live_enabled_at).not.toBeNull();
    const [live] =
      await sql`select count(*)::int as n from tenants where merchant_id = ${merchant.id} and mode = 'live'`;
    expect(live!.n).toBe(1);

    // An approved application is decided for good: no second decision, no edit.
    expect(
      await decide(operator, 'rejectGoLive', { merchant_id: merchant.id, reason: 'Changed my mind' }),
    ).toMatchObject({ ok: false, code: 'go_live_wrong_status' });
    expect(await act(owner, 'saveGoLive', COMPLETE_FIELDS)).toMatchObject({ ok: false, code: 'go_live_wrong_status' });

    const decisions = await sql`
      select decision, reason, actor_email from go_live_decisions where merchant_id = ${merchant.id} order by created_at`;
    expect(decisions.map((d) => [d.decision, d.actor_email])).toEqual([
      ['submitted', owner.email],
      ['approved', operator.email],
    ]);
    const audit = await sql`
      select action, actor_type, actor_email, details from audit_log where merchant_id = ${merchant.id} and action like 'go_live.%' order by created_at, id`;
    expect(audit.map((a) => a.action)).toEqual([
      'go_live.save',
      'go_live.save',
      'go_live.upload_document',
      'go_live.upload_document',
      'go_live.submit',
      'go_live.approve',
    ]);
    expect(audit.at(-1)).toMatchObject({
      actor_type: 'operator',
      actor_email: operator.email,
      details: { kyb_status: 'verified', live_enabled: true },
    });
    // The settlement account number never reaches the audit log.
    expect(JSON.stringify(audit)).not.toContain(COMPLETE_FIELDS.account_number);
  });

  it('more_info and reject: the reason reaches the dashboard and each owner by mail; more_info may be sent again', async () => {
    const merchant = await newMerchant({ name: 'Kofi Foods', kyb_status: 'unverified' });
    const team = await teamOf(merchant.id);
    const secondOwner = await memberOf(merchant.id, 'owner');
    const operator = await newOperator();
    await applyFully(team.owner);

    // A decision without a reason is refused and changes nothing.
    const before = await databaseState();
    const bare = await decide(operator, 'requestGoLiveInfo', { merchant_id: merchant.id, reason: '  ' });
    expect(bare.ok === false && bare.fields.map((f) => f.field)).toEqual(['reason']);
    expect(await databaseState()).toEqual(before);

    const reason = 'Add a bank statement of the settlement account, dated this year';
    expect(await decide(operator, 'requestGoLiveInfo', { merchant_id: merchant.id, reason })).toMatchObject({
      ok: true,
      data: { status: 'more_info', mailed: 2 },
    });
    expect(await applicationOf(merchant.id)).toMatchObject({ status: 'more_info', decision_reason: reason });
    const mail = await sql`select "to", subject, text from mail_outbox where text like ${`%${reason}%`} order by "to"`;
    expect(mail.map((m) => m.to).sort()).toEqual([team.owner.email, secondOwner.email].sort());
    expect(mail[0]!.subject).toContain('more information');
    expect(mail[0]!.text).toContain('/dashboard/test/go-live');
    // Nobody but owners is mailed.
    for (const other of [team.admin, team.developer, team.viewer]) {
      const [n] =
        await sql`select count(*)::int as n from mail_outbox where "to" = ${other.email} and text like ${`%${reason}%`}`;
      expect(n!.n).toBe(0);
    }
    // The merchant's account is unchanged by anything but approval.
    const [m] = await sql`select kyb_status, live_enabled_at from merchants where id = ${merchant.id}`;
    expect(m).toMatchObject({ kyb_status: 'unverified', live_enabled_at: null });

    // more_info → the owner may change it and send it again → the operator rejects it.
    expect(await act(team.owner, 'saveGoLive', { ...COMPLETE_FIELDS, trading_name: 'Kofi' })).toMatchObject({
      ok: true,
    });
    expect(await act(team.owner, 'submitGoLive')).toMatchObject({ ok: true, data: { status: 'submitted' } });
    const rejected = await decide(operator, 'rejectGoLive', {
      merchant_id: merchant.id,
      reason: 'Not a registered company',
    });
    expect(rejected).toMatchObject({ ok: true, data: { status: 'rejected' } });
    const [declined] =
      await sql`select subject from mail_outbox where "to" = ${team.owner.email} and text like '%Not a registered company%'`;
    expect(declined!.subject).toContain('declined');
    // A rejected application is final: not sent again, not decided again.
    expect(await act(team.owner, 'submitGoLive')).toMatchObject({ ok: false, code: 'go_live_wrong_status' });
    expect(await decide(operator, 'approveGoLive', { merchant_id: merchant.id })).toMatchObject({
      ok: false,
      code: 'go_live_wrong_status',
    });
    const history =
      await sql`select decision from go_live_decisions where merchant_id = ${merchant.id} order by created_at`;
    expect(history.map((h) => h.decision)).toEqual(['submitted', 'more_info', 'submitted', 'rejected']);
  });

  it('only owners fill and send it; the operator cannot decide a draft', async () => {
    const merchant = await newMerchant({ name: 'Team Shop', kyb_status: 'unverified' });
    const team = await teamOf(merchant.id);
    const operator = await newOperator();
    for (const member of [team.admin, team.developer, team.viewer]) {
      expect(await act(member, 'saveGoLive', COMPLETE_FIELDS)).toMatchObject({ code: 'insufficient_permissions' });
      expect(await act(member, 'submitGoLive')).toMatchObject({ code: 'insufficient_permissions' });
    }
    await act(team.owner, 'saveGoLive', COMPLETE_FIELDS);
    expect(await decide(operator, 'approveGoLive', { merchant_id: merchant.id })).toMatchObject({
      ok: false,
      code: 'go_live_wrong_status',
    });
    const [m] = await sql`select kyb_status from merchants where id = ${merchant.id}`;
    expect(m!.kyb_status).toBe('unverified');
  });

  it('a mobile-money settlement account needs its number and network, in the payment accounts’ words', async () => {
    const merchant = await newMerchant({ kyb_status: 'unverified' });
    const owner = await memberOf(merchant.id, 'owner');
    const bad = await act(owner, 'saveGoLive', { settlement_account_type: 'cash', network_provider: 'pigeon' });
    expect(bad.ok === false && bad.fields.map((f) => f.field).sort()).toEqual([
      'network_provider',
      'settlement_account_type',
    ]);
    await act(owner, 'saveGoLive', {
      ...COMPLETE_FIELDS,
      settlement_account_type: 'mobile_money',
      bank_name: '',
      account_number: '',
    });
    const missing = await act(owner, 'submitGoLive');
    expect(missing.ok === false && missing.fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['phone_number', 'network_provider']),
    );
  });
});
