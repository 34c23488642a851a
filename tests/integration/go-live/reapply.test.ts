import { describe, expect, it } from 'vitest';
import { readApplication } from '../../../lib/operator/go-live/read';
import { listApplications } from '../../../lib/operator/go-live/review';
import { getDb } from '../../../lib/platform/db/client';
import { newMerchant } from '../../support/fixtures';
import { COMPLETE_FIELDS } from '../../support/go-live';
import { databaseState } from '../../support/security-cases';
import { teamOf } from '../../support/members';
import { act, actNow, applicationOf, applyFully, decide, newOperator, sql } from './helpers';

/**
 * After the operator declines, the owner starts a new application from the declined one: its fields
 * copied, its documents not, the declined one and its decisions kept as history (for the business
 * and for the operator); only a declined application can be followed, once.
 */
describe('applying again after a rejection', () => {
  it('starts a prefilled draft, keeps the rejected one as history, and can be sent and approved', async () => {
    const merchant = await newMerchant({ name: 'Efua Crafts', kyb_status: 'unverified' });
    const team = await teamOf(merchant.id);
    const operator = await newOperator();

    // Not before a rejection: a draft, a sent application cannot be followed.
    expect(await act(team.owner, 'reapplyGoLive')).toMatchObject({ ok: false, code: 'go_live_wrong_status' });
    await applyFully(team.owner);
    const before = await databaseState();
    // Stepped up just before (applyFully): this refusal writes nothing at all.
    expect(await actNow(team.owner, 'reapplyGoLive')).toMatchObject({ ok: false, code: 'go_live_wrong_status' });
    expect(await databaseState()).toEqual(before);

    const reason = 'The registration certificate is not readable';
    expect(await decide(operator, 'rejectGoLive', { merchant_id: merchant.id, reason })).toMatchObject({ ok: true });
    const rejected = await applicationOf(merchant.id);

    // Only owners may start one.
    expect(await act(team.admin, 'reapplyGoLive')).toMatchObject({ ok: false, code: 'insufficient_permissions' });

    const again = await act(team.owner, 'reapplyGoLive');
    expect(again).toMatchObject({
      ok: true,
      data: {
        status: 'draft',
        legal_name: COMPLETE_FIELDS.legal_name,
        account_number: COMPLETE_FIELDS.account_number,
        decision_reason: null,
        submitted_at: null,
        previous_application_id: rejected!.id,
      },
    });
    const rows = await sql`
      select id, status, superseded_at is not null as superseded, previous_application_id
        from go_live_applications where merchant_id = ${merchant.id} order by created_at`;
    expect(rows.map((r) => [r.status, r.superseded])).toEqual([
      ['rejected', true],
      ['draft', false],
    ]);
    // A second click finds no rejected application to follow.
    expect(await act(team.owner, 'reapplyGoLive')).toMatchObject({ ok: false, code: 'go_live_wrong_status' });

    // The documents stay with the rejected application; the new one starts without.
    const documents = await sql`select application_id from go_live_documents where merchant_id = ${merchant.id}`;
    expect(new Set(documents.map((d) => d.application_id))).toEqual(new Set([rejected!.id]));
    const view = await readApplication(getDb(), merchant.id);
    expect(view).toMatchObject({ status: 'draft', documents: [], decisions: [] });
    expect(view!.earlier).toHaveLength(1);
    expect(view!.earlier[0]).toMatchObject({ id: rejected!.id, status: 'rejected', decision_reason: reason });
    expect(view!.earlier[0]!.decisions.map((d) => d.decision)).toEqual(['rejected', 'submitted']);
    expect(view!.earlier[0]!.documents).toHaveLength(2);

    const audit = await sql`
      select action, target, details from audit_log where merchant_id = ${merchant.id} and action = 'go_live.reapply'`;
    expect(audit).toEqual([
      {
        action: 'go_live.reapply',
        target: rows[1]!.id,
        details: { status: 'draft', previous_application_id: rejected!.id },
      },
    ]);

    // The console lists the business once (its current application), with the history on its view.
    await applyFully(team.owner);
    const listed = (await listApplications(getDb())).filter((a) => a.merchant_id === merchant.id);
    expect(listed.map((a) => a.status)).toEqual(['submitted']);
    expect(await decide(operator, 'approveGoLive', { merchant_id: merchant.id })).toMatchObject({ ok: true });
    const [kyb] = await sql`select kyb_status from merchants where id = ${merchant.id}`;
    expect(kyb!.kyb_status).toBe('verified');
    const final = await readApplication(getDb(), merchant.id);
    expect(final).toMatchObject({ status: 'approved' });
    expect(final!.earlier.map((e) => e.status)).toEqual(['rejected']);
  });
});
