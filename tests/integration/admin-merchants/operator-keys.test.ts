import { describe, expect, it } from 'vitest';
import { createAdminKey, revokeAdminKey } from '../../../lib/operator/admin-keys/admin-keys';
import { getDb } from '../../../lib/platform/db/client';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { admin, hostedPage, newMerchant } from '../../support/fixtures';
import { enrol, signedUpPerson } from '../../support/members';

/**
 * The operator API by operators' own keys: every call is the operator's in the audit log (and an
 * approval names them), a key works only while its holder is an operator with a confirmed email and
 * two-factor, and the bootstrap ADMIN_API_TOKEN stops working once any operator has a key. This file
 * runs in order: the token is used first, while no key exists.
 */
const sql = testSql();

async function anOperator() {
  const person = await signedUpPerson('Operator');
  await sql`update auth_users set operator = true where id = ${person.userId}`;
  await enrol(person.who);
  return person;
}
const withKey = (secret: string) => caller({ authorization: `Bearer ${secret}` });

describe('the bootstrap token', () => {
  it('works while no operator has a key, and every change it makes is in the audit log as its own', async () => {
    const created = await admin().ok(contract.createMerchant, { body: { name: 'Boot Shop', email: 'boot@shop.test' } });
    const [line] = await sql`
      select action, actor_type, user_id, merchant_id, details from audit_log
       where target = ${created.body.data.merchant.id} and action = 'merchant.create'`;
    expect(line).toMatchObject({
      actor_type: 'bootstrap_token',
      user_id: null,
      merchant_id: created.body.data.merchant.id,
      details: { operation: 'createMerchant' },
    });
  });

  it('a settlement run over every merchant is recorded before it starts, on no merchant', async () => {
    const res = await admin().call(contract.runSettlement, { body: { all_merchants: true } });
    expectStatus(res, 200);
    const [line] = await sql`
      select merchant_id, actor_type from audit_log where action = 'settlement.run' order by created_at desc limit 1`;
    expect(line).toEqual({ merchant_id: null, actor_type: 'bootstrap_token' });
  });
});

describe("an operator's admin key", () => {
  it('acts as that operator: the audit line and the approval name them', async () => {
    const merchant = await newMerchant(); // the last use of the token in this file: a key retires it
    const operator = await anOperator();
    const key = await createAdminKey(getDb(), { userId: operator.userId, name: 'Approvals' });
    expect(key.secret).toMatch(/^ak_[0-9A-Za-z]{49}$/);
    const [stored] = await sql`select key_hash from admin_keys where id = ${key.id}`;
    expect(stored!.key_hash).not.toContain(key.secret);

    const checkout = (
      await merchant.ok(contract.createCheckout, {
        body: { customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS' },
      })
    ).body.data;
    const { page } = hostedPage(checkout);
    await page.ok(contract.chooseBankTransferPayment);
    await page.ok(contract.claimBankTransferPayment);

    const approved = await withKey(key.secret).call(contract.approveCheckout, {
      params: { checkout_id: checkout.id },
      body: { admin_notes: 'On the statement' },
    });
    expectStatus(approved, 200);
    const [row] = await sql`select approved_by_admin_id from checkouts where id = ${checkout.id}`;
    expect(row!.approved_by_admin_id).toBe(operator.userId);
    const [line] = await sql`
      select actor_type, user_id, actor_email, admin_key_id, merchant_id from audit_log
       where action = 'checkout.approve' and target = ${checkout.id}`;
    expect(line).toEqual({
      actor_type: 'admin_key',
      user_id: operator.userId,
      actor_email: operator.email,
      admin_key_id: key.id,
      merchant_id: merchant.id,
    });
    const [used] = await sql`select last_used_at from admin_keys where id = ${key.id}`;
    expect(used!.last_used_at).not.toBeNull();
  });

  it('retires the bootstrap token: once a key exists, the token is a 401 that says so', async () => {
    const res = await admin().call(contract.createMerchant, { body: { name: 'Late Shop', email: 'late@shop.test' } });
    expectStatus(res, 401);
    expectErrorShape(res.body, 'admin_token_retired');
    expect(await sql`select 1 from merchants where name = 'Late Shop'`).toHaveLength(0);
  });

  it('stops working when revoked, or when its holder is no longer an operator, has no two-factor or no confirmed email', async () => {
    const list = (secret: string) => withKey(secret).call(contract.listCheckoutsAwaitingApproval, {});
    const revoked = await anOperator();
    const first = await createAdminKey(getDb(), { userId: revoked.userId, name: 'To revoke' });
    expectStatus(await list(first.secret), 200);
    await revokeAdminKey(getDb(), { keyId: first.id, revokedBy: revoked.userId });
    expectErrorShape((await list(first.secret)).body, 'invalid_admin_token');

    for (const column of ['operator', 'two_factor_enabled', 'email_verified'] as const) {
      const holder = await anOperator();
      const key = await createAdminKey(getDb(), { userId: holder.userId, name: column });
      expectStatus(await list(key.secret), 200);
      await sql`update auth_users set ${sql(column)} = false where id = ${holder.userId}`;
      const res = await list(key.secret);
      expectStatus(res, 401);
      expectErrorShape(res.body, 'invalid_admin_token');
    }
    // A made-up key of the right shape, and a mangled one, are refused the same way.
    expectErrorShape((await list(`ak_${'A'.repeat(49)}`)).body, 'invalid_admin_token');
  });
});
