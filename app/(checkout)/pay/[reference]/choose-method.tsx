'use client';

import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import frame from './frame.module.css';
import controls from './controls.module.css';
import type { ScreenProps } from './screen-props';
import { parseTimestamp, type MethodId, type OfferedMethod, type Session } from './session';
import { ActionButton, NoticeBox, Title, usePage, type Notice } from './ui';

/** A method the checkout would offer but cannot right now (bank transfer too close to expiry), and why. */
export function UnavailableNote({ session }: { session: Session }) {
  const { t, dateTime } = usePage();
  const tooLate = session.methods_unavailable.some(
    (m) => m.method === 'bank_transfer' && m.reason === 'too_little_time',
  );
  const expiresAt = parseTimestamp(session.checkout.expires_at);
  if (!tooLate || !Number.isFinite(expiresAt)) return null;
  return (
    <p className={`${frame.muted} ${frame.small} ${frame.aside}`} data-testid="unavailable">
      {t('unavailable_bank_time', { time: dateTime(expiresAt) })}
    </p>
  );
}

/**
 * The choice of method. The server renders it from the methods alone when the page opens on it
 * (lib/collections/hosted-page/first-screen.ts), before the session has arrived: a radio checked
 * before the page's JavaScript ran stays the choice.
 */
export function ChooseMethod({
  methods,
  previous,
  note,
  busy,
  notice,
  onChoose,
}: {
  methods: OfferedMethod[];
  /** The method of the last attempt, chosen again by default. */
  previous: MethodId | null;
  /** Under the choice: why a method is not offered now. */
  note?: ReactNode;
  busy: string | null;
  notice: Notice;
  onChoose: (method: MethodId) => void | Promise<void>;
}) {
  const { t } = usePage();
  const form = useRef<HTMLFormElement>(null);
  const offered = (method: string | null | undefined): method is MethodId => methods.some((m) => m.method === method);
  const [picked, setChoice] = useState<MethodId>(() =>
    offered(previous) ? previous : (methods[0]?.method ?? 'mobile_money'),
  );
  // The session's methods may differ from the first paint's: a choice no longer offered falls back.
  const choice = offered(picked) ? picked : (methods[0]?.method ?? picked);
  useLayoutEffect(() => {
    const checked = form.current?.querySelector<HTMLInputElement>('input[name=method]:checked')?.value;
    if (offered(checked)) setChoice(checked);
    // Once, as the app takes over the server's radios.
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void onChoose(choice);
  };
  return (
    <>
      <Title>{t('choose_title')}</Title>
      <NoticeBox notice={notice} />
      <form ref={form} onSubmit={submit} noValidate>
        <fieldset className={controls.fieldset}>
          <legend className={controls.legend}>{t('method_legend')}</legend>
          <div className={controls.options}>
            {methods.map((method) => (
              <label key={method.method} className={controls.option}>
                <input
                  type="radio"
                  name="method"
                  value={method.method}
                  checked={choice === method.method}
                  onChange={() => setChoice(method.method)}
                />
                <span className={controls.optionText}>
                  <span className={controls.optionTitle}>
                    {method.method === 'mobile_money' ? t('method_mobile_money') : t('method_bank_transfer')}
                  </span>
                  <span className={controls.optionHint}>
                    {method.method === 'mobile_money'
                      ? [...new Set(method.networks.map((n) => n.label))].join(', ')
                      : method.requires_manual_approval
                        ? `${t('method_bank_transfer_hint')}. ${t('method_manual_hint')}.`
                        : t('method_bank_transfer_hint')}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {note}
        <ActionButton type="submit" busy={busy === 'bank' || busy === 'choice'}>
          {t('continue')}
        </ActionButton>
        {/* "Opening…" while Continue is on its way; shown by the inline script when pressed before the app has loaded. */}
        <p
          className={controls.ack}
          role="status"
          data-early="ack"
          hidden={busy !== 'choice' && busy !== 'bank'}
          suppressHydrationWarning
        >
          {t('continue_busy')}
        </p>
      </form>
    </>
  );
}

/** The choice, from a loaded session. */
export function ChooseMethodOf({ session, busy, notice, onChoose }: ScreenProps) {
  return (
    <ChooseMethod
      methods={session.methods}
      previous={session.checkout.payment_method}
      note={<UnavailableNote session={session} />}
      busy={busy}
      notice={notice}
      onChoose={onChoose}
    />
  );
}
