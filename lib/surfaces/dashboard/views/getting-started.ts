import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import {
  branding,
  brandingLogos,
  checkouts,
  goLiveApplications,
  merchants,
  paymentLinks,
  tenants,
  webhookEndpoints,
} from '../../../platform/db/schema';

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
  const ours = sql`(select ${tenants.id} from ${tenants} where ${tenants.merchantId} = ${merchantId})`;
  const rows = await db.execute<
    Record<'branding' | 'payment_link' | 'first_payment' | 'webhook' | 'go_live', boolean>
  >(sql`
    select
      exists (select 1 from ${branding} where ${branding.merchantId} = ${merchantId})
        or exists (select 1 from ${brandingLogos} where ${brandingLogos.merchantId} = ${merchantId}) as branding,
      exists (select 1 from ${paymentLinks} where ${paymentLinks.tenantId} in ${ours}) as payment_link,
      exists (select 1 from ${checkouts} where ${checkouts.tenantId} in ${ours} and ${checkouts.paidAt} is not null) as first_payment,
      exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.tenantId} in ${ours}) as webhook,
      exists (
        select 1 from ${goLiveApplications}
        where ${goLiveApplications.merchantId} = ${merchantId} and ${goLiveApplications.status} <> 'draft'
      ) or exists (
        select 1 from ${merchants} where ${merchants.id} = ${merchantId} and ${merchants.liveEnabledAt} is not null
      ) as go_live
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
