import { describe, expect, it } from 'vitest';
import { readConsoleView } from '../../../lib/surfaces/console/views';
import { newMerchant } from '../../support/fixtures';
import { COMPLETE_FIELDS } from '../../support/go-live';
import { databaseState } from '../../support/security-cases';
import { teamOf } from '../../support/members';
import { applyFully, decide, newOperator, sql } from './helpers';

/**
 * The console shows a business's settlement account masked (its last 4 digits); the full number is
 * given only when an operator asks, and each time the audit log says who saw which application's
 * account, and when. Never the number itself in the log.
 */
describe("the operator and a business's settlement account", () => {
  it('is masked in the application view, shown on request with an audit line', async () => {
    const merchant = await newMerchant({ name: 'Kwame Tools', kyb_status: 'unverified' });
    const team = await teamOf(merchant.id);
    const operator = await newOperator();
    await applyFully(team.owner);

    const view = await readConsoleView('goLive', operator.headers(), { merchant_id: merchant.id });
    if (!view.ok) throw new Error(JSON.stringify(view));
    expect(view.data.selected).toMatchObject({ account_number: '•••• 3456', legal_name: COMPLETE_FIELDS.legal_name });
    expect(JSON.stringify(view.data)).not.toContain(COMPLETE_FIELDS.account_number);

    const shown = await decide(operator, 'revealGoLiveAccount', { merchant_id: merchant.id });
    expect(shown).toMatchObject({ ok: true, data: { account_number: COMPLETE_FIELDS.account_number } });
    const [application] = await sql`select id from go_live_applications where merchant_id = ${merchant.id}`;
    const audit = await sql`
      select action, actor_type, actor_email, target, details, created_at from audit_log
       where merchant_id = ${merchant.id} and action = 'go_live.reveal_account'`;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'go_live.reveal_account',
      actor_email: operator.email,
      target: application!.id,
      details: { shown: 'settlement_account' },
    });
    expect(JSON.stringify(audit)).not.toContain(COMPLETE_FIELDS.account_number);

    // A second look is a second line.
    await decide(operator, 'revealGoLiveAccount', { merchant_id: merchant.id });
    const [count] = await sql`
      select count(*)::int as n from audit_log where merchant_id = ${merchant.id} and action = 'go_live.reveal_account'`;
    expect(count!.n).toBe(2);
  });

  it("is refused to a merchant's owner, and for a business with no application sent, changing nothing", async () => {
    const merchant = await newMerchant({ name: 'Draft Shop', kyb_status: 'unverified' });
    const team = await teamOf(merchant.id);
    const operator = await newOperator();
    const before = await databaseState();
    expect(await decide(operator, 'revealGoLiveAccount', { merchant_id: merchant.id })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await decide(team.owner, 'revealGoLiveAccount', { merchant_id: merchant.id })).toMatchObject({
      ok: false,
      code: 'not_operator',
    });
    expect(await databaseState()).toEqual(before);
  });
});
