'use client';

import { Suspense, lazy, useEffect, useRef } from 'react';
import frame from './frame.module.css';
import controls from './controls.module.css';
import panels from './panels.module.css';
import type { ScreenProps } from './screen-props';
import { parseTimestamp, type Attempt, type Session } from './session';
import {
  ActionButton,
  Amount,
  Checking,
  CopyRow,
  NoticeBox,
  Ref,
  Spinner,
  Title,
  plainAmount,
  usePage,
  useServerNow,
} from './ui';

// The sandbox's controls load only for a test checkout (sandbox-controls.tsx).
const TransferSimulation = lazy(() => import('./sandbox-controls').then((m) => ({ default: m.TransferSimulation })));

/**
 * Paying by bank transfer: where to send the money (only the account fields of the currency), to
 * whom, by when; then waiting for it, and what to do when too little arrived.
 */

const manualApproval = (session: Session) =>
  session.methods.find((m) => m.method === 'bank_transfer')?.requires_manual_approval ?? false;

/** An IBAN in groups of four, as printed on statements. */
const grouped = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

function BankAccountRows({
  session,
  attempt,
  amount,
  amountLabel,
}: {
  session: Session;
  attempt: Attempt;
  amount: number;
  amountLabel: string;
}) {
  const { t, money } = usePage();
  const account = attempt.bank_account;
  const reference = account?.reference ?? session.checkout.payment_reference;
  return (
    <dl className={panels.details}>
      {account?.bank_name && <CopyRow label={t('bank_name')} value={account.bank_name} />}
      {account?.account_name && <CopyRow label={t('account_name')} value={account.account_name} />}
      {account?.account_number && <CopyRow label={t('account_number')} value={account.account_number} kind="code" />}
      {account?.iban && (
        <CopyRow label={t('iban')} value={grouped(account.iban)} copyValue={account.iban.replace(/\s+/g, '')} />
      )}
      {account?.sort_code && <CopyRow label={t('sort_code')} value={account.sort_code} kind="code" />}
      {account?.routing_number && <CopyRow label={t('routing_number')} value={account.routing_number} kind="code" />}
      <CopyRow
        label={amountLabel}
        value={money(amount, attempt.currency_code)}
        copyValue={plainAmount(amount, attempt.currency_code)}
        kind="amount"
      />
      <CopyRow label={t('transfer_reference')} value={reference} kind="code" />
      {account?.branch_code && <CopyRow label={t('branch_code')} value={account.branch_code} kind="code" />}
      {account?.swift_code && <CopyRow label={t('swift_code')} value={account.swift_code} kind="code" />}
    </dl>
  );
}

/**
 * "Send it by …" with its time zone: the deadline of the provider's account for this payment where it
 * has one (Paystack's lasts 30 minutes), else the link's expiry.
 */
function PayBy({ session }: { session: Session }) {
  const { tx, dateTime } = usePage();
  const accountBy = session.latest_attempt?.respond_by ?? null;
  const expiresAt = parseTimestamp(accountBy ?? session.checkout.expires_at);
  if (!Number.isFinite(expiresAt)) return null;
  const time = <strong className={frame.oneLine}>{dateTime(expiresAt)}</strong>;
  return <p data-testid="pay-by">{tx(accountBy ? 'bank_account_by' : 'bank_pay_by', { time })}</p>;
}

function PaidThrough({ session, attempt }: { session: Session; attempt: Attempt }) {
  const { tx } = usePage();
  const account = attempt.bank_account;
  if (!account?.account_name || !account.bank_name) return null;
  return (
    <p data-testid="payee">
      {tx('bank_pay_to', {
        merchant: <bdi>{session.merchant.display_name}</bdi>,
        account_name: <bdi>{account.account_name}</bdi>,
        bank_name: <bdi>{account.bank_name}</bdi>,
      })}
    </p>
  );
}

export function BankDetails(props: ScreenProps) {
  const { session, busy, notice, onClaim, onRetry } = props;
  const { t, tx } = usePage();
  const attempt = session.latest_attempt!;
  const now = useServerNow();
  if (attempt.respond_by && parseTimestamp(attempt.respond_by) <= now) return <AccountLapsed {...props} />;
  return (
    <>
      <Title>{t('bank_title')}</Title>
      <NoticeBox notice={notice} />
      <PaidThrough session={session} attempt={attempt} />
      <p>{tx('bank_intro', { amount: <Amount value={attempt.amount} currency={attempt.currency_code} /> })}</p>
      <BankAccountRows session={session} attempt={attempt} amount={attempt.amount} amountLabel={t('exact_amount')} />
      <PayBy session={session} />
      <div className={panels.warning}>
        <p>{t('bank_warning')}</p>
      </div>
      {manualApproval(session) && (
        <p className={frame.muted}>
          {tx('bank_manual_note', { merchant: <bdi>{session.merchant.display_name}</bdi> })}
        </p>
      )}
      <div className={controls.actions}>
        <ActionButton busy={busy === 'claim'} onClick={() => void onClaim()}>
          {t('bank_sent')}
        </ActionButton>
        <PayAnotherWay session={session} onRetry={onRetry} />
      </div>
      {props.session.sandbox && (
        <Suspense fallback={null}>
          <TransferSimulation {...props} />
        </Suspense>
      )}
    </>
  );
}

/** "Pay another way", where the checkout offers another. */
function PayAnotherWay({ session, onRetry }: Pick<ScreenProps, 'session' | 'onRetry'>) {
  const { t } = usePage();
  if (session.methods.length < 2) return null;
  return (
    <ActionButton variant="link" onClick={() => onRetry('other_method')}>
      {t('pay_another_way')}
    </ActionButton>
  );
}

/** The provider's account for this payment lapsed before the money came: new details, or another way. */
function AccountLapsed({ session, busy, notice, onChoose, onRetry }: ScreenProps) {
  const { t } = usePage();
  return (
    <>
      <Title>{t('bank_title')}</Title>
      <NoticeBox notice={notice} />
      <p data-testid="account-lapsed">{t('bank_account_lapsed')}</p>
      <div className={controls.actions}>
        <ActionButton busy={busy === 'bank'} onClick={() => void onChoose('bank_transfer')}>
          {t('bank_new_account')}
        </ActionButton>
        <PayAnotherWay session={session} onRetry={onRetry} />
      </div>
    </>
  );
}

/** Too little arrived: how much is missing, and the same account to send the difference to. */
function ShortTransfer({ session, attempt }: { session: Session; attempt: Attempt | null }) {
  const { t, tx, announce } = usePage();
  const { checkout, received } = session;
  const amount = (value: number) => <Amount value={value} currency={checkout.currency_code} />;
  const merchant = <bdi>{session.merchant.display_name}</bdi>;
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    announce(t('money_short_title'));
  }, [announce, t]);
  return (
    <section className={panels.warning} aria-labelledby="short-title" data-testid="short-transfer">
      <h2 id="short-title" className={panels.boxTitle}>
        {t('money_short_title')}
      </h2>
      <p>
        {tx('money_short', {
          received: amount(received.amount),
          amount: amount(checkout.amount),
          outstanding: amount(received.outstanding),
        })}
      </p>
      <p>
        {tx('money_short_todo', {
          outstanding: amount(received.outstanding),
          reference: <Ref>{checkout.payment_reference}</Ref>,
        })}
      </p>
      {attempt?.method === 'bank_transfer' && attempt.bank_account && (
        <BankAccountRows
          session={session}
          attempt={attempt}
          amount={received.outstanding}
          amountLabel={t('money_short_amount')}
        />
      )}
      <p>{tx('money_short_refund', { merchant, received: amount(received.amount) })}</p>
    </section>
  );
}

export function BankWaiting(props: ScreenProps) {
  const { session, notice } = props;
  const { t, tx } = usePage();
  const attempt = session.latest_attempt;
  const short = session.received.amount > 0 && session.received.outstanding > 0;
  return (
    <>
      <Spinner />
      <Title>{t('waiting_title')}</Title>
      <NoticeBox notice={notice} />
      {short && <ShortTransfer session={session} attempt={attempt} />}
      <p>{manualApproval(session) ? t('waiting_manual_body') : t('waiting_body')}</p>
      <p>
        {tx('waiting_close', {
          merchant: <bdi>{session.merchant.display_name}</bdi>,
          reference: <Ref>{session.checkout.payment_reference}</Ref>,
        })}
      </p>
      <Checking />
      {!short && attempt?.method === 'bank_transfer' && attempt.bank_account && (
        <details className={panels.disclosure}>
          <summary>{t('waiting_details')}</summary>
          <BankAccountRows
            session={session}
            attempt={attempt}
            amount={attempt.amount}
            amountLabel={t('exact_amount')}
          />
        </details>
      )}
      {props.session.sandbox && (
        <Suspense fallback={null}>
          <TransferSimulation {...props} />
        </Suspense>
      )}
    </>
  );
}
