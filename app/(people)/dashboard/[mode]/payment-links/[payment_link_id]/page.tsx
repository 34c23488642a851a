import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { paymentLinkIdParams } from '@/lib/checkout/links/input';
import { ApiError } from '@/lib/platform/http/errors';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { PAYMENT_LINK_ACTIONS } from '@/lib/surfaces/dashboard/actions/payment-links';
import { CHECKOUT_STATUS_WORDS } from '@/lib/surfaces/dashboard/copy/checkouts';
import { PAYMENT_LINKS_COPY } from '@/lib/surfaces/dashboard/copy/payment-links';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { paymentLinkPage } from '@/lib/surfaces/dashboard/views/payment-link-page';
import { pageLocale } from '../../../../frame';
import { DataTable } from '../../../../ui/table';
import { ActionForm } from '../../action-form';
import { formatsOf, statusBadge } from '../../checkouts/format';
import { memberOf, shellWords } from '../../member';
import { amountText } from '../amounts';
import { EditPaymentLinkForm } from '../edit-link';
import { ShareLink } from '../share';
import ui from '../../ui.module.css';
import styles from '../links.module.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: PAYMENT_LINKS_COPY[await pageLocale()].title };
}

/**
 * One payment link: its address with Copy and Share, its QR code (printable for a counter), its
 * state and limits, Switch off / on, an edit form (not of the amount or currency), and its payments with their total. Another merchant's or
 * mode's link is not found.
 */
export default async function PaymentLinkPage({
  params,
}: {
  params: Promise<{ mode: string; payment_link_id: string }>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const { payment_link_id } = await params;
  if (!paymentLinkIdParams.safeParse({ payment_link_id }).success) notFound();
  const view = await paymentLinkPage(ctx.db, ctx.tenant, payment_link_id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const { link, qrSvg, payments } = view;
  const locale = await pageLocale();
  const words = PAYMENT_LINKS_COPY[locale];
  const statusWords = CHECKOUT_STATUS_WORDS[locale];
  const shell = await shellWords();
  const format = formatsOf(locale);
  const mayManage = allows(ctx.role, PAYMENT_LINK_ACTIONS.deactivatePaymentLink.allowed);
  return (
    <>
      <p className={styles.noPrint}>
        <a className={ui.link} href={`/dashboard/${ctx.mode}/payment-links`}>
          {words.back}
        </a>
      </p>
      <h1 className={ui.title}>
        <bdi>{link.description}</bdi>
      </h1>
      <section className={`${ui.section} ${styles.sheet}`} aria-labelledby="link-share">
        <h2 className={`${ui.sectionTitle} ${styles.noPrint}`} id="link-share">
          {words.share}
        </h2>
        <p className={styles.printOnly}>
          <strong>
            <bdi>{link.description}</bdi>
          </strong>
          {link.amount !== null && ` · ${format.money(link.amount, link.currency_code)}`}
        </p>
        <div
          className={styles.qr}
          role="img"
          aria-label={fill(words.qr_alt, { url: link.url })}
          data-testid="payment-link-qr"
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <p className={styles.printOnly}>
          {words.print_scan} · {link.url}
        </p>
        <div className={styles.noPrint}>
          <ShareLink url={link.url} text={fill(words.share_text, { description: link.description })} words={words} />
        </div>
      </section>
      <section className={`${ui.section} ${styles.noPrint}`} aria-labelledby="link-facts">
        <h2 className={ui.sectionTitle} id="link-facts">
          {words.details}
        </h2>
        <dl className={ui.facts}>
          <dt>{words.status}</dt>
          <dd>
            <span className={link.status === 'active' ? ui.good : ui.bad} data-testid="payment-link-status">
              {words[link.status]}
            </span>
          </dd>
          <dt>{words.amount}</dt>
          <dd>{amountText(link, words, locale)}</dd>
          <dt>{words.ends}</dt>
          <dd>{link.ends_at ? format.date(link.ends_at) : words.no_end}</dd>
          <dt>{words.limit}</dt>
          <dd>{link.max_payments ?? words.no_limit}</dd>
          <dt>{words.created_at}</dt>
          <dd>{format.date(link.created_at)}</dd>
        </dl>
        {mayManage &&
          (link.status === 'inactive' ? (
            // Keyed: after the switch the other form shows, without the previous one's outcome.
            <ActionForm
              key="reactivate"
              name="reactivatePaymentLink"
              mode={ctx.mode}
              words={shell}
              submit={words.reactivate}
              hidden={{ payment_link_id: link.id }}
              inline
              success={words.reactivated}
            />
          ) : (
            <ActionForm
              key="deactivate"
              name="deactivatePaymentLink"
              mode={ctx.mode}
              words={shell}
              submit={words.deactivate}
              hidden={{ payment_link_id: link.id }}
              variant="danger"
              // Undone with one click (switch on again): no "cannot be undone" question.
              confirm={null}
              inline
              success={words.deactivated}
            />
          ))}
      </section>
      {mayManage && (
        <section className={`${ui.section} ${styles.noPrint}`} aria-labelledby="link-edit">
          <h2 className={ui.sectionTitle} id="link-edit">
            {words.edit}
          </h2>
          <EditPaymentLinkForm
            mode={ctx.mode}
            link={link}
            amount={amountText(link, words, locale)}
            words={words}
            shell={shell}
          />
        </section>
      )}
      <section className={`${ui.section} ${styles.noPrint}`} aria-labelledby="link-payments">
        <h2 className={ui.sectionTitle} id="link-payments">
          {words.list_payments}
        </h2>
        <p data-testid="payment-link-total">
          {fill(
            new Intl.PluralRules(locale).select(link.payments_count) === 'one' ? words.total_one : words.total_other,
            {
              total: format.money(link.paid_total, link.currency_code),
              count: link.payments_count,
            },
          )}
        </p>
        {payments.length === 0 ? (
          <p className={ui.empty}>{words.no_payments}</p>
        ) : (
          <DataTable
            label={words.list_payments}
            columns={[words.reference, { label: words.amount, numeric: true }, words.state, words.when, words.paid]}
          >
            {payments.map((p) => (
              <tr key={p.id} data-testid="payment-link-payment">
                <th scope="row">
                  <a className={`${ui.link} ${ui.mono}`} href={`/dashboard/${ctx.mode}/checkouts/${p.id}`}>
                    {p.reference}
                  </a>
                </th>
                <td className={ui.num}>{format.money(p.amount, p.currency)}</td>
                <td>
                  <span className={statusBadge(p.status)}>{statusWords[p.status]}</span>
                </td>
                <td>{format.date(p.createdAt)}</td>
                <td>{p.paidAt ? format.date(p.paidAt) : '—'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
