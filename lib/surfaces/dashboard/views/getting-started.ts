import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';

/**
 * The home page's getting-started checklist: what a new business still has to do before it takes
 * real money, in the order a shop owner does it. Email and two-factor belong to the person; the rest
 * to the business, in either mode (a link made in test mode counts: the owner has learned the step).
 * One round trip of EXISTS probes, each on an indexed tenant or merchant column.
 */
export const STEPS = [
  'verify_email',
  'two_factor',
  'branding',
  'payment_link',
  'first_payment',
  'webhook',
  'go_live',
] as const;
export type Step = (typeof STEPS)[number];

export interface Checklist {
  steps: { step: Step; done: boolean }[];
  /** Every step done: the checklist is no longer shown. */
  complete: boolean;
}

export async function gettingStarted(
  db: Db,
  merchantId: string,
  person: { emailVerified: boolean; twoFactor: boolean },
): Promise<Checklist> {
  const tenants = sql`(select id from tenants where merchant_id = ${merchantId})`;
  const rows = await db.execute<Record<'branding' | 'payment_link' | 'first_payment' | 'webhook' | 'go_live', boolean>>(sql`
    select
      exists (select 1 from branding where merchant_id = ${merchantId}) as branding,
      exists (select 1 from payment_links where tenant_id in ${tenants}) as payment_link,
      exists (select 1 from checkouts where tenant_id in ${tenants} and paid_at is not null) as first_payment,
      exists (select 1 from webhook_endpoints where tenant_id in ${tenants}) as webhook,
      exists (select 1 from go_live_applications where merchant_id = ${merchantId} and status <> 'draft')
        or exists (select 1 from merchants where id = ${merchantId} and live_enabled_at is not null) as go_live
  `);
  const found = rows[0]!;
  const done: Record<Step, boolean> = {
    verify_email: person.emailVerified,
    two_factor: person.twoFactor,
    branding: found.branding,
    payment_link: found.payment_link,
    first_payment: found.first_payment,
    webhook: found.webhook,
    go_live: found.go_live,
  };
  const steps = STEPS.map((step) => ({ step, done: done[step] }));
  return { steps, complete: steps.every((s) => s.done) };
}
