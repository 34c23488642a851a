'use client';

import { PROMPT_RESEND_AFTER_SECONDS } from '@/lib/collections/hosted-page/rules';
import { Suspense, lazy, useEffect, useRef, type FormEvent } from 'react';
import frame from './frame.module.css';
import controls from './controls.module.css';
import panels from './panels.module.css';
import { UnavailableNote } from './choose-method';
import { attemptNetwork, ltrText, mobileNetworks, networkKey, networkName, nowrap } from './flow';
import type { ScreenProps } from './screen-props';
import { parseTimestamp, type Network } from './session';
import { ActionButton, Amount, Checking, NoticeBox, Spinner, Title, clockText, usePage, useServerNow } from './ui';

// The sandbox's numbers and buttons load only for a test checkout (sandbox-controls.tsx).
const PromptSimulation = lazy(() => import('./sandbox-controls').then((m) => ({ default: m.PromptSimulation })));
const SandboxNumbers = lazy(() => import('./sandbox-controls').then((m) => ({ default: m.SandboxNumbers })));

/** Paying by mobile money: the network (and its country) and number, then "approve on your phone". */

export function MobileMoneyForm({
  session,
  busy,
  notice,
  form,
  setForm,
  phoneInput,
  onPayMobileMoney,
  onRetry,
}: ScreenProps) {
  const { t, tx, locale } = usePage();
  const { checkout, merchant } = session;
  const networks = mobileNetworks(session);
  const locked = !checkout.customer_phone_editable;
  const selected = networks.find((n) => networkKey(n) === form.network);
  const severalCountries = new Set(networks.map((n) => n.country)).size > 1;

  // Defaults: the only network; the number the merchant gave.
  useEffect(() => {
    setForm((f) => ({
      ...f,
      network: f.network || (networks.length === 1 ? networkKey(networks[0]!) : ''),
      phone: locked ? (checkout.customer_phone ?? '') : f.phone || (checkout.customer_phone ?? ''),
    }));
    // Only when the screen opens: later edits are the customer's.
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void onPayMobileMoney();
  };
  const example = (selected ?? networks[0])?.example ?? '';
  const hintId = 'phone-hint';
  const errorId = 'phone-error';
  const networkErrorId = 'network-error';
  return (
    <>
      <Title>{t('mm_title')}</Title>
      <NoticeBox notice={notice} />
      <form onSubmit={submit} noValidate>
        <fieldset className={controls.fieldset} aria-describedby={form.errors.network ? networkErrorId : undefined}>
          <legend className={controls.legend}>
            {severalCountries ? t('network_country_legend') : t('network_legend')}
          </legend>
          <div className={controls.options}>
            {networks.map((network, index) => (
              <NetworkOption
                key={networkKey(network)}
                index={index}
                network={network}
                name={networkName(network, networks, locale)}
                checked={form.network === networkKey(network)}
                invalid={!!form.errors.network}
                onChoose={() =>
                  setForm((f) => ({ ...f, network: networkKey(network), errors: { ...f.errors, network: undefined } }))
                }
              />
            ))}
          </div>
          {form.errors.network && (
            <span id={networkErrorId} className={controls.fieldError}>
              {form.errors.network}
            </span>
          )}
        </fieldset>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="phone">
            {t('phone_label')}
          </label>
          <span id={hintId} className={controls.hint}>
            {locked
              ? tx('phone_locked_hint', { merchant: <bdi>{merchant.display_name}</bdi> })
              : t('phone_hint', { example: ltrText(example) })}
          </span>
          <input
            ref={phoneInput}
            id="phone"
            name="phone"
            className={controls.input}
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="tel"
            readOnly={locked}
            value={form.phone}
            aria-describedby={[hintId, form.errors.phone ? errorId : ''].filter(Boolean).join(' ')}
            aria-invalid={form.errors.phone ? true : undefined}
            onChange={(event) => {
              const phone = event.target.value;
              setForm((f) => ({ ...f, phone, errors: { ...f.errors, phone: undefined } }));
            }}
          />
          {form.errors.phone && (
            <span id={errorId} className={controls.fieldError}>
              {form.errors.phone}
            </span>
          )}
        </div>
        <ActionButton type="submit" busy={busy === 'mobile_money'}>
          {tx('pay_button', { amount: <Amount value={checkout.amount} currency={checkout.currency_code} /> })}
        </ActionButton>
      </form>
      <UnavailableNote session={session} />
      {session.sandbox && !locked && (
        <Suspense fallback={null}>
          <SandboxNumbers />
        </Suspense>
      )}
      {session.methods.length > 1 && (
        <div className={controls.actions}>
          <ActionButton variant="link" onClick={() => onRetry('other_method')}>
            {t('pay_another_way')}
          </ActionButton>
        </div>
      )}
    </>
  );
}

function NetworkOption({
  index,
  network,
  name,
  checked,
  invalid,
  onChoose,
}: {
  index: number;
  network: Network;
  name: string;
  checked: boolean;
  invalid: boolean;
  onChoose: () => void;
}) {
  return (
    <label className={controls.option}>
      <input
        id={`network-${index}`}
        type="radio"
        name="network"
        value={networkKey(network)}
        checked={checked}
        aria-invalid={invalid || undefined}
        onChange={onChoose}
      />
      <span className={controls.optionText}>
        <span className={controls.optionTitle}>{name}</span>
      </span>
    </label>
  );
}

/** A new prompt may replace a live one after this (the server refuses sooner). */
const RESEND_AFTER_MS = PROMPT_RESEND_AFTER_SECONDS * 1000;

/** No prompt on the phone: the network's own menu approves the same payment (USSD), where it has one. */
function ManualApproval({ network, name }: { network: Network | undefined; name: string }) {
  const { tx } = usePage();
  const path = network?.manual_approval;
  if (!path) return null;
  const dial = (
    <a className={panels.dial} href={`tel:${path.dial.replace(/#/g, '%23')}`}>
      {path.dial}
    </a>
  );
  return (
    <p data-testid="manual-approval">
      {path.menu?.length
        ? tx('approve_manual', {
            network: name,
            dial,
            menu: <strong className={frame.ltr}>{path.menu.join(' › ')}</strong>,
          })
        : tx('approve_manual_dial', { network: name, dial })}
    </p>
  );
}

export function Approve({ session, busy, notice, onSimulate, onResend, onRetry }: ScreenProps) {
  const { t, tx, announce, locale } = usePage();
  const attempt = session.latest_attempt!;
  const now = useServerNow();
  const left = parseTimestamp(attempt.respond_by) - now;
  const resendIn = Math.ceil((parseTimestamp(attempt.created_at) + RESEND_AFTER_MS - now) / 1000);
  const canResend = !Number.isFinite(resendIn) || resendIn <= 0;
  const timeUp = Number.isFinite(left) && left <= 0;
  const network = attemptNetwork(session, attempt);
  const name = network ? networkName(network, mobileNetworks(session), locale) : (attempt.network ?? '');
  const announcedUp = useRef(false);
  useEffect(() => {
    if (timeUp && !announcedUp.current) {
      announcedUp.current = true;
      announce(t('announce_time_up'));
    }
  }, [timeUp, announce, t]);
  return (
    <>
      <Spinner />
      <Title>{t('approve_title')}</Title>
      <NoticeBox notice={notice} />
      <p className={frame.lead}>
        {tx('approve_body', {
          phone: <span className={frame.ltr}>{nowrap(attempt.phone ?? '')}</span>,
          network: name,
          amount: <Amount value={attempt.amount} currency={attempt.currency_code} />,
          merchant: <bdi>{session.merchant.display_name}</bdi>,
        })}
      </p>
      {Number.isFinite(left) &&
        (timeUp ? (
          <p className={panels.timer}>{t('approve_time_up')}</p>
        ) : (
          <p className={panels.timer}>
            <span>{t('approve_time_left')}</span>
            <span className={panels.timerValue} role="timer" data-testid="countdown">
              {clockText(left)}
            </span>
          </p>
        ))}
      <Checking />
      <div className={panels.note}>
        <p className={panels.boxTitle}>{t('approve_help_title')}</p>
        <p>{t('approve_help_body')}</p>
        <ManualApproval network={network} name={network?.label ?? name} />
      </div>
      {canResend ? (
        <div className={controls.actions}>
          <ActionButton variant="secondary" busy={busy === 'resend'} onClick={() => void onResend()}>
            {t('approve_resend')}
          </ActionButton>
          <ActionButton variant="link" onClick={() => onRetry('other_number')}>
            {t('approve_change_number')}
          </ActionButton>
        </div>
      ) : (
        <p className={frame.small}>{t('approve_resend_wait', { seconds: String(resendIn) })}</p>
      )}
      {session.sandbox && (
        <Suspense fallback={null}>
          <PromptSimulation attempt={attempt} busy={busy} onSimulate={onSimulate} />
        </Suspense>
      )}
    </>
  );
}
