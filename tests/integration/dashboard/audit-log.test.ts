import { beforeAll, describe, expect, it } from 'vitest';
import { memberContext } from '../../../lib/surfaces/dashboard/member';
import { auditLogFor } from '../../../lib/surfaces/dashboard/team/audit';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { sendRequest } from '../../support/api';
import { contract } from '../../support/contract';
import { newMerchant, type Merchant } from '../../support/fixtures';
import { memberOf, steppedUp, type Member } from '../../support/members';

/**
 * A merchant's audit log shows every actor: members in the dashboard, API keys (by prefix and the
 * person who made the key), the operator; filtered by actor and action, and downloadable as CSV by
 * owners only.
 */
let merchant: Merchant;
let owner: Member;
let viewer: Member;
beforeAll(async () => {
  merchant = await newMerchant({ name: 'Audit Shop' });
  [owner, viewer] = await Promise.all([memberOf(merchant.id, 'owner'), memberOf(merchant.id, 'viewer')]);
  // A member's change, and a key's.
  await steppedUp(owner);
  await runDashboardAction('createWebhook', owner.headers(), {
    mode: 'test',
    url: 'https://93.184.215.14/hooks',
    'event_checkout.paid': 'on',
  });
  await merchant.ok(contract.createWebhook, { body: { url: 'https://93.184.215.14/other', events: ['*'] } });
}, 60_000);

async function ownerCtx() {
  const found = await memberContext(owner.headers(), 'test');
  if (!found.ok) throw new Error(found.reason);
  return found.ctx;
}

describe('the audit log', () => {
  it('shows API-key actions beside members’ and the operator’s, each named', async () => {
    const page = await auditLogFor(await ownerCtx(), null);
    const by = (type: string) => page!.rows.filter((r) => r.actorType === type);
    expect(by('person').map((r) => r.action)).toContain('webhook.create');
    expect(by('api_key').map((r) => r.action)).toContain('webhook.create');
    expect(by('api_key')[0]!.actor).toMatch(/^sk_test_\w{4}…/);
    expect(by('bootstrap_token').map((r) => r.action)).toEqual(['merchant.create']);
  });

  it('filters by actor and by action (an object matches each of its verbs)', async () => {
    const ctx = await ownerCtx();
    const keys = await auditLogFor(ctx, { actor: 'api_key' });
    expect(keys!.rows.length).toBeGreaterThan(0);
    expect(keys!.rows.every((r) => r.actorType === 'api_key')).toBe(true);
    const webhooks = await auditLogFor(ctx, { action: 'webhook' });
    expect(webhooks!.rows.map((r) => r.action)).toEqual(['webhook.create', 'webhook.create']);
    expect((await auditLogFor(ctx, { action: 'webhook.delete' }))!.rows).toEqual([]);
  });

  it('downloads as CSV for owners, with the filters; anyone else is refused', async () => {
    const path = '/dashboard/test/settings/audit/export?actor=api_key';
    const res = await sendRequest('GET', path, { headers: Object.fromEntries(owner.headers()) });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('created_at,actor_type,actor,api_key_id,action,target,mode,address,details');
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'api_key')).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
    const refused = await sendRequest('GET', path, { headers: Object.fromEntries(viewer.headers()) });
    expect(refused.status).toBe(403);
    const bad = await sendRequest('GET', '/dashboard/test/settings/audit/export?actor=robot', {
      headers: Object.fromEntries(owner.headers()),
    });
    expect(bad.status).toBe(422);
  });
});
