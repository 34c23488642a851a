'use client';

import { useState, type FormEvent } from 'react';
import frame from './frame.module.css';
import controls from './controls.module.css';
import type { ScreenProps } from './screen-props';
import { parseTimestamp, type MethodId, type Session } from './session';
import { ActionButton, NoticeBox, Title, usePage } from './ui';

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

export function ChooseMethod({ session, busy, notice, onChoose }: ScreenProps) {
  const { t } = usePage();
  const methods = session.methods;
  const [choice, setChoice] = useState<MethodId>(() => {
    const previous = session.checkout.payment_method;
    return previous && methods.some((m) => m.method === previous) ? previous : (methods[0]?.method ?? 'mobile_money');
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void onChoose(choice);
  };
  return (
    <>
      <Title>{t('choose_title')}</Title>
      <NoticeBox notice={notice} />
      <form onSubmit={submit} noValidate>
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
        <UnavailableNote session={session} />
        <ActionButton type="submit" busy={busy === 'bank'}>
          {t('continue')}
        </ActionButton>
      </form>
    </>
  );
}
