import { resetConfigForTests } from '../../../lib/platform/config';
import { confirmLinkFromPage } from '../../../lib/checkout/links/confirm';
import { testSql } from '../../support/database';
import { caller, expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';
import type { Merchant } from '../../support/fixtures';

/**
 * Reusable payment links (docs/decisions/payment-links.md): the merchant's API, and the customer's
 * page `/l/<slug>`, whose "Continue to payment" is `confirmLinkFromPage` (what its server action calls).
 */

const LIMIT_VARIABLES = ['PAYMENT_LINK_IP_CHECKOUT_LIMIT_PER_MINUTE', 'PAYMENT_LINK_CHECKOUT_LIMIT_PER_MINUTE'];
/** Every call of a file comes from one (unknown) address: limits out of the way unless a test lowers them. */
export const setLimits = (limits: Record<string, string>) => {
  for (const name of LIMIT_VARIABLES) process.env[name] = limits[name] ?? '100000';
  resetConfigForTests();
};
setLimits({});

export const sql = testSql();

export type LinkBody = BodyOf<typeof contract.createPaymentLink>;

export async function newLink(merchant: Merchant, body: Partial<LinkBody> = {}) {
  const res = await merchant.call(contract.createPaymentLink, {
    body: { currency_code: 'GHS', description: 'Haircut and wash', amount: 40, ...body } as LinkBody,
  });
  expectStatus(res, 200);
  return res.body.data;
}

export const slugOf = (link: { url: string }) => new URL(link.url).pathname.split('/').pop()!;

/** The customer's browser posting the link's form from the link's own page. */
export const pageHeaders = () => new Headers({ 'sec-fetch-site': 'same-origin', origin: 'https://pay.payments.test' });

export const confirm = (link: { url: string }, form: { amount?: string; customer_email?: string } = {}) =>
  confirmLinkFromPage(slugOf(link), form, pageHeaders());

export const checkoutCount = async () => Number((await sql`select count(*)::int as n from checkouts`)[0]!.n);

/** Pays a checkout in the sandbox (a simulated exact bank transfer). */
export async function pay(checkoutUrl: string) {
  const reference = decodeURIComponent(new URL(checkoutUrl).pathname.split('/').pop()!);
  const paid = await caller().call(contract.simulateBankTransfer, {
    body: { payment_reference: reference, scenario: 'exact' },
  });
  expectStatus(paid, 200);
  return reference;
}
