import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { checkoutIdParams } from '@/lib/checkout/input';
import { getCheckout } from '@/lib/checkout/read-checkouts';
import { EXPIRABLE_STATUSES } from '@/lib/checkout/statuses';
import { ApiError } from '@/lib/platform/http/errors';
import { refundedOfCheckouts } from '@/lib/books/refunds';
import { CURRENCY_EXPONENT } from '@/lib/platform/money/currencies';
import { CHECKOUT_ACTIONS } from '@/lib/surfaces/dashboard/actions/checkouts';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { CHECKOUT_STATE_WORDS, CHECKOUT_STATUS_WORDS, CHECKOUTS_COPY } from '@/lib/surfaces/dashboard/copy/checkouts';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { checkoutTimeline } from '@/lib/surfaces/dashboard/views/checkout-timeline';
import { shownReference } from '@/lib/surfaces/dashboard/views/provider-reference';
import { refundStateOf } from '@/lib/surfaces/dashboard/views/checkout-list';
import { pageLocale } from '../../../../frame';
import { ActionForm } from '../../action-form';
import { memberOf, shellWords } from '../../member';
import { CopyLink } from '../copy-link';
import { formatsOf, statusBadge } from '../format';
import { Timeline } from './timeline';
import { RefundForm } from './refund-form';
import ui from '../../ui.module.css';
import styles from '../checkouts.module.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: CHECKOUTS_COPY[await pageLocale()].detail_title };
}

/**
 * One checkout: what the API's get shows of it, its link to send (with a copy button), Cancel while
 * it can still be cancelled (for the roles that may), and its timeline. Another merchant's checkout,
 * or the other mode's, is not found: the verbs look in the page's tenant only.
 */
export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string; checkout_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const { checkout_id } = await params;
  if (!checkoutIdParams.safeParse({ checkout_id }).success) notFound();
  const [checkout, timeline, refunded] = await Promise.all([
    getCheckout(ctx.db, ctx.tenant, checkout_id),
    checkoutTimeline(ctx.db, ctx.tenant, checkout_id),
    refundedOfCheckouts(ctx.db, ctx.tenant, [checkout_id]),
  ]).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const locale = await pageLocale();
  // A page opened in a chosen language (`?locale=fr`) keeps it on the way back to the list.
  const { locale: chosen } = await searchParams;
  const back = `/dashboard/${ctx.mode}/checkouts${typeof chosen === 'string' ? `?${new URLSearchParams({ locale: chosen })}` : ''}`;
  const words = CHECKOUTS_COPY[locale];
  const shell = await shellWords();
  const format = formatsOf(locale);
  const when = (at: string | null) => (at ? format.date(at) : words.none);
  // The link is worth sending only while the customer can still pay with it (the status as read:
  // past its expiry it is already `expired`).
  const payable = (EXPIRABLE_STATUSES as readonly string[]).includes(checkout.status);
  // Only a pending checkout can be cancelled (the API's rule; the verb checks it again).
  const mayCancel = checkout.status === 'pending' && allows(ctx.role, CHECKOUT_ACTIONS.cancelCheckout.allowed);
  const mayRefund = allows(ctx.role, CHECKOUT_ACTIONS.refundCheckout.allowed);
  // What is left to refund of its payment (null: nothing was paid), and Refunded / Partially refunded.
  const paid = refunded.get(checkout_id);
  const left = paid ? paid.amount - paid.refunded : null;
  const refundState = refundStateOf(paid);
  const method = checkout.payment_method
    ? checkout.payment_method === 'mobile_money'
      ? words.method_mobile_money
      : words.method_bank_transfer
    : words.none;

  // The provider's reference of the latest money counted: what the merchant quotes to the provider.
  const received = timeline.filter((e) => e.kind === 'collection' && e.collection !== 'duplicate').at(-1);
  const reference = received?.kind === 'collection' ? shownReference(received.rail, received.reference) : null;
  const awaitsOperator = checkout.status === 'processing' && checkout.payment_method === 'bank_transfer';
  const facts: [string, ReactNode][] = [
    [words.id, <span className={ui.mono}>{checkout.id}</span>],
    [words.customer_email, checkout.customer_email],
    [words.fact_name, checkout.customer_name ? <bdi>{checkout.customer_name}</bdi> : words.none],
    [words.customer_phone_short, checkout.customer_phone ?? words.none],
    [words.fact_description, checkout.description ?? words.none],
    [words.payment_method, method],
    [
      words.provider_reference,
      reference ? (
        <span data-testid="provider-reference">
          <bdi>{reference.provider}</bdi> <bdi className={ui.mono}>{reference.reference}</bdi>
        </span>
      ) : (
        words.none
      ),
    ],
    [words.created, when(checkout.created_at)],
    [words.expires_at, when(checkout.expires_at)],
    [words.paid_at, when(checkout.paid_at)],
    [words.completed_at, when(checkout.completed_at)],
    // Approval only concerns bank transfers: shown once decided, or while one waits for the operator.
    ...(checkout.approval_status !== 'pending_approval' || awaitsOperator
      ? [[words.approval, CHECKOUT_STATE_WORDS[locale][checkout.approval_status]] as [string, string]]
      : []),
    ...(checkout.rejection_reason ? [[words.rejection_reason, checkout.rejection_reason] as [string, string]] : []),
    [
      words.fact_meta_data,
      checkout.meta_data && Object.keys(checkout.meta_data).length > 0 ? (
        <span className={ui.mono}>
          {Object.entries(checkout.meta_data)
            .map(([k, v]) => `${k}=${v}`)
            .join(', ')}
        </span>
      ) : (
        words.none
      ),
    ],
  ];

  return (
    <>
      <p>
        <a className={ui.link} href={back}>
          {words.back}
        </a>
      </p>
      <h1 className={ui.title}>
        {words.detail_title} <span className={ui.mono}>{checkout.payment_reference}</span>
      </h1>
      <p className={styles.headline}>
        <span className={ui.amount}>{format.money(checkout.amount, checkout.currency_code)}</span>
        <span className={statusBadge(checkout.status)} data-testid="checkout-status">
          {CHECKOUT_STATUS_WORDS[locale][checkout.status]}
        </span>
        {refundState && (
          <span className={ui.badge} data-testid="checkout-refund-state">
            {words[`refund_state_${refundState}`]}
          </span>
        )}
      </p>
      <section className={ui.section} aria-labelledby="checkout-link-title">
        <h2 className={ui.sectionTitle} id="checkout-link-title">
          {words.link}
        </h2>
        {payable ? (
          <CopyLink
            id="checkout-link"
            url={checkout.checkout_url}
            label={words.link_field}
            copy={words.copy}
            copied={words.copied}
            failed={words.copy_failed}
          />
        ) : (
          <p className={ui.hint} data-testid="checkout-link-done">
            {checkout.status === 'expired'
              ? words.link_expired
              : fill(words.link_done, { status: CHECKOUT_STATUS_WORDS[locale][checkout.status] })}
          </p>
        )}
        {mayCancel && (
          <>
            <p className={ui.hint} id="cancel-hint">
              {words.cancel_hint}
            </p>
            <ActionForm
              name="cancelCheckout"
              mode={ctx.mode}
              words={shell}
              submit={words.cancel}
              hidden={{ checkout_id: checkout.id }}
              success={words.cancelled}
              variant="danger"
            />
          </>
        )}
      </section>
      {mayRefund && left !== null && (
        <section className={ui.section} aria-labelledby="checkout-refund">
          <h2 className={ui.sectionTitle} id="checkout-refund">
            {words.refund_title}
          </h2>
          {left === 0n ? (
            <p className={ui.hint}>{words.refunded_all}</p>
          ) : (
            <>
              <p className={ui.hint}>{words.refund_lead}</p>
              <RefundForm
                mode={ctx.mode}
                locale={locale}
                checkoutId={checkout.id}
                // A new key each time the page is drawn (after each refund): a double post refunds once.
                formKey={randomUUID()}
                currency={checkout.currency_code}
                digits={CURRENCY_EXPONENT[checkout.currency_code]}
                leftMinor={String(left)}
                words={words}
                shell={shell}
              />
            </>
          )}
        </section>
      )}
      <section className={ui.section} aria-labelledby="checkout-details">
        <h2 className={ui.sectionTitle} id="checkout-details">
          {words.details}
        </h2>
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} className={styles.fact}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={ui.section} aria-labelledby="checkout-timeline">
        <h2 className={ui.sectionTitle} id="checkout-timeline">
          {words.timeline}
        </h2>
        <Timeline entries={timeline} locale={locale} words={words} />
      </section>
    </>
  );
}
