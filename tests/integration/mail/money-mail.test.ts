import crypto from 'node:crypto';
import { ar } from '../../../lib/platform/i18n/catalogues/ar';
import { isolated } from '../../../lib/platform/http/isolated';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { getDb } from '../../../lib/platform/db/client';
import { recordEvent } from '../../../lib/notifications/events/record-event';
import { mailForEvent } from '../../../lib/merchants/mail/event-mail';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { caller, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { hostedPage, newMerchant, settleEverything, tokenOf, type Merchant } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { memberOf, type Member } from '../../support/members';
import { smtpListener } from '../../support/smtp-listener';
import { bankPayout, initiate, pickUp, railAnswers } from '../payouts/helpers';

/** The merchant's name as the customer's mails write it: isolated (U+2068…U+2069), as on the page. */
const AMA = isolated('Ama & <Co>');

/**
 * Money mail (docs/mail.md): a job queued with each money event writes the customer's receipt or
 * refund notice and the team's notices, which the outbox sends over SMTP, here to a listener on
 * 127.0.0.1. Each member gets what they chose (or their role's default), in their language; the
 * customer in the language of the page they paid on; branded, escaped, "[Test]" in test mode.
 */
const sql = testSql();
let smtp: Awaited<ReturnType<typeof smtpListener>>;
let merchant: Merchant;
let owner: Member;
let quietOwner: Member;
let frenchAdmin: Member;
let viewer: Member;
const deliver = () => runJobsNow(['mail_for_event', 'send_mail']);
/** The money mails to one address (sign-up's confirmation mails reach the listener too). */
const moneyMail = (address: string) => smtp.to(address).filter((m) => !m.subject.startsWith('Confirm your email'));

beforeAll(async () => {
  smtp = await smtpListener();
  process.env.SMTP_URL = smtp.url;
  resetConfigForTests();
  merchant = await newMerchant({ name: 'Ama Stores' });
  await merchant.ok(contract.updateBranding, {
    body: { display_name: 'Ama & <Co>', primary_color: '#1a7f37', support_email: 'help@ama.example' },
  });
  [owner, quietOwner, frenchAdmin, viewer] = await Promise.all([
    memberOf(merchant.id, 'owner'),
    memberOf(merchant.id, 'owner'),
    memberOf(merchant.id, 'admin'),
    memberOf(merchant.id, 'viewer'),
  ]);
  await sql`update auth_users set locale = 'fr' where id = ${frenchAdmin.userId}`;
  // The quiet owner wants only what needs them; the admin also every payment.
  const quiet = await runDashboardAction('updateMailPreferences', quietOwner.headers(), {
    mode: 'test',
    action_needed: 'on',
  });
  expect(quiet).toMatchObject({ ok: true });
  const admin = await runDashboardAction('updateMailPreferences', frenchAdmin.headers(), {
    mode: 'test',
    payment_received: 'on',
    payout_completed: 'on',
    payout_failed: 'on',
  });
  expect(admin).toMatchObject({ ok: true });
}, 120_000);

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetConfigForTests();
  await smtp.close();
});

let checkout: { id: string; payment_reference: string; checkout_url: string };
let customerEmail: string;

describe('money mail', () => {
  it('a paid checkout: the receipt to the customer in French, the notice to the members who want it', async () => {
    customerEmail = `awa-${crypto.randomUUID()}@example.com`;
    checkout = (
      await merchant.ok(contract.createCheckout, {
        body: {
          customer_email: customerEmail,
          customer_name: 'Awa <b>Diop</b>',
          customer_phone: '+233241234567',
          amount: 101.01,
          currency_code: 'GHS',
        },
      })
    ).body.data;
    const { page } = hostedPage(checkout);
    // The page says its language as it acts (session.ts); the customer chose French.
    await page.ok(contract.chooseBankTransferPayment, { headers: { 'x-checkout-locale': 'fr' } });
    expect((await sql`select customer_locale from checkouts where id = ${checkout.id}`)[0]).toEqual({
      customer_locale: 'fr',
    });
    const paid = await caller().call(contract.simulateBankTransfer, {
      body: { payment_reference: checkout.payment_reference, scenario: 'exact' },
    });
    expectStatus(paid, 200);
    await deliver();

    const [receipt, ...more] = moneyMail(customerEmail);
    expect(more).toHaveLength(0);
    expect(receipt!.subject).toBe(`[Test] Votre reçu de ${AMA}\u00a0: 101,01\u00a0GHS`);
    expect(receipt!.text).toContain(`Merci, ${isolated('Awa <b>Diop</b>')}. ${AMA} a bien reçu votre paiement.`);
    expect(receipt!.text).toContain(`Référence\u00a0: ${checkout.payment_reference}`);
    expect(receipt!.text).toContain('Mode test');
    expect(receipt!.text).toContain('help@ama.example');
    // The HTML part: branded, the names escaped, in French.
    expect(receipt!.html).toContain('<html lang="fr" dir="ltr">');
    expect(receipt!.html).toContain('background:#1A7F37');
    expect(receipt!.html).toContain('Ama &#38; &#60;Co&#62;');
    expect(receipt!.html).toContain('Awa &#60;b&#62;Diop&#60;/b&#62;');
    expect(receipt!.html).not.toContain('<b>Diop');
    // Never the page's token, nor the customer's phone number.
    for (const part of [receipt!.raw, receipt!.text, receipt!.html]) {
      expect(part).not.toContain(tokenOf(checkout.checkout_url));
      expect(part).not.toContain('241234567');
    }

    const [toOwner] = moneyMail(owner.email);
    expect(toOwner!.subject).toBe(`[Test] Payment received: GHS\u00a0101.01 (${checkout.payment_reference})`);
    expect(toOwner!.text).toContain('A customer paid GHS\u00a0101.01.');
    expect(toOwner!.text).toContain(`/dashboard/test/checkouts/${checkout.id}`);
    expect(toOwner!.html).toContain('<html lang="en" dir="ltr">');
    const [toAdmin] = moneyMail(frenchAdmin.email);
    expect(toAdmin!.subject).toBe(`[Test] Paiement reçu : 101,01\u00a0GHS (${checkout.payment_reference})`);
    expect(toAdmin!.text).toContain('Un client a payé 101,01\u00a0GHS.');
    // The owner who opted out and the viewer (nothing by default) get nothing.
    expect(moneyMail(quietOwner.email)).toHaveLength(0);
    expect(moneyMail(viewer.email)).toHaveLength(0);
  });

  it('the job run again writes no second mail', async () => {
    const [event] = await sql<{ id: string }[]>`select id from events
      where resource_id = ${checkout.id} and event_type = 'checkout.paid'`;
    const before = (await sql`select count(*)::int as n from mail_outbox`)[0]!.n;
    expect(await mailForEvent(getDb(), event!.id)).toBe(3);
    expect((await sql`select count(*)::int as n from mail_outbox`)[0]!.n).toBe(before);
  });

  it('a refund: a notice to the customer, in French', async () => {
    await settleEverything(merchant.id);
    const refunded = await merchant.call(contract.createRefund, {
      body: { checkout_id: checkout.id, amount: 10, reason: 'One item returned' },
    });
    expectStatus(refunded, 200);
    await deliver();
    const notice = moneyMail(customerEmail).at(-1)!;
    expect(moneyMail(customerEmail)).toHaveLength(2);
    expect(notice.subject).toBe(`[Test] ${AMA} vous a remboursé 10,00\u00a0GHS`);
    expect(notice.text).toContain(`${AMA} vous a remboursé 10,00\u00a0GHS sur votre paiement.`);
    expect(notice.html).toContain('Remboursement envoyé');
    // The team is not told of refunds it made.
    expect(moneyMail(owner.email)).toHaveLength(1);
  });

  it('payouts: completed to who wants it, failed to owners by default', async () => {
    const sent = await initiate(merchant, bankPayout(20));
    const failing = await initiate(merchant, bankPayout(30, { bank_account_number: '0011229999' }));
    await pickUp();
    await railAnswers();
    await deliver();

    const owners = moneyMail(owner.email).slice(1);
    expect(owners.map((m) => m.subject)).toEqual(['[Test] Payout failed: GHS\u00a030.00']);
    expect(owners[0]!.text).toContain('The money and the fee are back in your wallet.');
    expect(owners[0]!.text).toContain(`Reference: ${failing.transaction_id}`);
    expect(owners[0]!.text).toContain('Recipient: Ama Mensah');
    const admins = moneyMail(frenchAdmin.email).slice(1);
    expect(admins.map((m) => m.subject).sort()).toEqual([
      '[Test] Versement effectué : 20,00\u00a0GHS',
      '[Test] Versement échoué : 30,00\u00a0GHS',
    ]);
    expect(admins.find((m) => m.subject.includes('effectué'))!.text).toContain(sent.transaction_id);
    expect(moneyMail(quietOwner.email)).toHaveLength(0);
    expect(moneyMail(viewer.email)).toHaveLength(0);
    // No account number in full.
    for (const m of [...owners, ...admins]) expect(m.raw).not.toContain('0011229999');
  });

  it('a member removed from the team gets nothing more', async () => {
    await sql`delete from auth_members where user_id = ${frenchAdmin.userId} and organization_id = ${merchant.id}`;
    const before = moneyMail(frenchAdmin.email).length;
    await initiate(merchant, bankPayout(5, { bank_account_number: '0011229999' }));
    await pickUp();
    await railAnswers();
    await deliver();
    // The owner still hears of the failure; the former admin, who chose failures, does not.
    expect(moneyMail(owner.email).at(-1)!.subject).toBe('[Test] Payout failed: GHS\u00a05.00');
    expect(moneyMail(frenchAdmin.email)).toHaveLength(before);
  });

  it('a change that rolled back sends nothing', async () => {
    const jobs = async () =>
      (
        await sql`select count(*)::int as n from graphile_worker._private_jobs j
          join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'mail_for_event'`
      )[0]!.n;
    const [outboxBefore, jobsBefore, received] = [
      (await sql`select count(*)::int as n from mail_outbox`)[0]!.n,
      await jobs(),
      smtp.received.length,
    ];
    const [row] = await sql<{ data: never }[]>`select data from events
      where resource_id = ${checkout.id} and event_type = 'checkout.paid'`;
    await expect(
      getDb().transaction(async (tx) => {
        await recordEvent(tx, {
          merchantId: merchant.id,
          tenantId: merchant.tenant.id,
          eventType: 'checkout.paid',
          resourceType: 'checkout',
          resourceId: checkout.id,
          data: row!.data,
        });
        expect(await jobs()).toBe(jobsBefore); // not visible outside the transaction
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await deliver();
    expect(await jobs()).toBe(jobsBefore);
    expect((await sql`select count(*)::int as n from mail_outbox`)[0]!.n).toBe(outboxBefore);
    expect(smtp.received).toHaveLength(received);
  });

  it('a customer who only looked at the page (in French) and paid by transfer gets a French receipt', async () => {
    const email = `moussa-${crypto.randomUUID()}@example.com`;
    const quiet = (
      await merchant.ok(contract.createCheckout, {
        body: { customer_email: email, amount: 12, currency_code: 'GHS' },
      })
    ).body.data;
    const { page } = hostedPage(quiet);
    // The first read keeps the language the page was shown in; a later read in another one changes nothing.
    await page.ok(contract.getCheckoutSession, { headers: { 'x-checkout-locale': 'fr' } });
    await page.ok(contract.getCheckoutSession, { headers: { 'x-checkout-locale': 'en' } });
    expect((await sql`select customer_locale from checkouts where id = ${quiet.id}`)[0]).toEqual({
      customer_locale: 'fr',
    });
    const paid = await caller().call(contract.simulateBankTransfer, {
      body: { payment_reference: quiet.payment_reference, scenario: 'exact' },
    });
    expectStatus(paid, 200);
    await deliver();
    expect(moneyMail(email).map((m) => m.subject)).toEqual([`[Test] Votre reçu de ${AMA}\u00a0: 12,00\u00a0GHS`]);
  });

  it('a customer who paid in Arabic gets the receipt in Arabic, right to left, amounts from Intl', async () => {
    const email = `salma-${crypto.randomUUID()}@example.com`;
    const checkout = (
      await merchant.ok(contract.createCheckout, {
        body: { customer_email: email, amount: 12, currency_code: 'GHS' },
      })
    ).body.data;
    const { page } = hostedPage(checkout);
    await page.ok(contract.getCheckoutSession, { headers: { 'x-checkout-locale': 'ar' } });
    const paid = await caller().call(contract.simulateBankTransfer, {
      body: { payment_reference: checkout.payment_reference, scenario: 'exact' },
    });
    expectStatus(paid, 200);
    await deliver();
    const [receipt] = moneyMail(email);
    const amount = new Intl.NumberFormat('ar', { style: 'currency', currency: 'GHS' }).format(12);
    const subject = ar.mail_receipt_subject.replace('{merchant}', AMA).replace('{amount}', amount);
    expect(receipt!.subject).toBe(`${ar.mail_test} ${subject}`);
    expect(receipt!.html).toContain('<html lang="ar" dir="rtl">');
    expect(receipt!.html).toContain('<th align="right"');
    expect(receipt!.text).toContain(
      ar.mail_label_value.replace('{label}', ar.mail_reference).replace('{value}', checkout.payment_reference),
    );
  });
});
