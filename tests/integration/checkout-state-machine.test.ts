import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_STATUSES } from '../../lib/platform/vocabulary';
import { getDb } from '../../lib/platform/db/client';
import { ApiError } from '../../lib/platform/http/errors';
import { CHECKOUT_TRANSITIONS, transitionCheckout, type CheckoutTransition } from '../../lib/checkout/state-machine';
import { minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { contract } from '../support/contract';

/**
 * Every (status, move) pair against the real table: legal moves apply and write their event; illegal
 * ones are refused with 409, and leave the row and the event log exactly as they were.
 */
const sql = testSql();

let merchant: Merchant;
beforeAll(async () => {
  merchant = await newMerchant();
});

async function checkoutIn(status: string, expiresIn: '1 hour' | '-1 minute' = '1 hour') {
  const created = await merchant.ok(contract.createCheckout, { body: minimalCheckout });
  const id: string = created.body.data.id;
  await sql`update checkouts set status = ${status}, expires_at = now() + ${expiresIn}::interval where id = ${id}`;
  return id;
}

const snapshot = async (id: string) => ({
  row: (await sql`select * from checkouts where id = ${id}`)[0],
  events: (await sql`select count(*)::int as n from events where resource_id = ${id}`)[0]!.n as number,
});

const moves = Object.entries(CHECKOUT_TRANSITIONS) as [
  CheckoutTransition,
  (typeof CHECKOUT_TRANSITIONS)[CheckoutTransition],
][];

describe('checkout state machine', () => {
  for (const [move, rule] of moves) {
    for (const status of CHECKOUT_STATUSES) {
      const legal = (rule.from as readonly string[]).includes(status);
      // Expiry is the one move that needs expires_at in the past; every other move needs it ahead.
      const expiresIn = move === 'expire' ? '-1 minute' : '1 hour';
      it(`${move} from ${status} is ${legal ? 'applied' : 'refused'}`, async () => {
        const id = await checkoutIn(status, expiresIn);
        const before = await snapshot(id);
        const attempt = transitionCheckout(getDb(), { checkoutId: id, tenantId: merchant.tenant.id, transition: move });
        if (legal) {
          const row = await attempt;
          expect(row.status).toBe(rule.to);
          const after = await snapshot(id);
          expect(after.events).toBe(before.events + (rule.event ? 1 : 0));
          if (rule.event) {
            const [last] = await sql<
              { event_type: string; data: { status: string } }[]
            >`select event_type, data from events where resource_id = ${id} order by sequence desc limit 1`;
            expect(last!.event_type).toBe(rule.event);
            expect(last!.data.status).toBe(rule.to);
          }
        } else {
          const error = await attempt.then(
            () => null,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).status).toBe(409);
          expect(await snapshot(id)).toEqual(before);
        }
      });
    }
  }

  it('time guards: nothing starts on an expired checkout; nothing expires early', async () => {
    const expired = await checkoutIn('pending', '-1 minute');
    for (const move of ['start_payment', 'choose_bank_transfer', 'cancel'] as const) {
      await expect(
        transitionCheckout(getDb(), { checkoutId: expired, tenantId: merchant.tenant.id, transition: move }),
      ).rejects.toMatchObject({ status: 409 });
    }
    const fresh = await checkoutIn('pending');
    await expect(
      transitionCheckout(getDb(), { checkoutId: fresh, tenantId: merchant.tenant.id, transition: 'expire' }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("another merchant's checkout is a 404 for every move", async () => {
    const other = await newMerchant();
    const id = await checkoutIn('pending');
    for (const [move] of moves) {
      await expect(
        transitionCheckout(getDb(), { checkoutId: id, tenantId: other.tenant.id, transition: move }),
      ).rejects.toMatchObject({ status: 404 });
    }
  });

  it('two concurrent moves from the same state: exactly one applies', async () => {
    const id = await checkoutIn('processing');
    const results = await Promise.allSettled([
      transitionCheckout(getDb(), { checkoutId: id, tenantId: merchant.tenant.id, transition: 'confirm_payment' }),
      transitionCheckout(getDb(), { checkoutId: id, tenantId: merchant.tenant.id, transition: 'decline_payment' }),
      transitionCheckout(getDb(), { checkoutId: id, tenantId: merchant.tenant.id, transition: 'time_out_payment' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from events where resource_id = ${id}`;
    expect(row!.n).toBe(2); // checkout.created + the one move
  });
});
