'use client';

import frame from './frame.module.css';
import controls from './controls.module.css';
import panels from './panels.module.css';
import { ContactBlock } from './contact';
import { failureText, noMoneyMoved } from './flow';
import { MoneyNote } from './money-note';
import type { ScreenProps } from './screen-props';
import { parseTimestamp } from './session';
import { ActionButton, Checking, Icon, NoticeBox, Ref, Spinner, Title, usePage } from './ui';

/**
 * Screens where the payment did not (or cannot) go through: failed or timed out (try again),
 * expired, cancelled, nothing to pay with. Each says who to contact: never a dead end.
 */

export function Failed({ screen, session, notice, busy, onRetry, onChoose }: ScreenProps) {
  const { t, tx } = usePage();
  const attempt = session.latest_attempt;
  const merchant = <bdi>{session.merchant.display_name}</bdi>;
  const reference = <Ref>{session.checkout.payment_reference}</Ref>;
  const mobile = attempt?.method === 'mobile_money';
  const canMobile = session.methods.some((m) => m.method === 'mobile_money');
  const onlyBank = session.methods.length === 1 && session.methods[0]?.method === 'bank_transfer';
  return (
    <>
      <Icon kind="bad" />
      <Title>{screen === 'timeout' ? t('timeout_title') : t('failed_title')}</Title>
      <NoticeBox notice={notice} />
      {failureText(t, attempt, session).map((line) => (
        <p key={line} className={frame.lead}>
          {line}
        </p>
      ))}
      {!noMoneyMoved(attempt, session) && (
        <section className={panels.warning} aria-labelledby="twice-title">
          <h2 id="twice-title" className={panels.boxTitle}>
            {t('twice_title')}
          </h2>
          <p>
            {mobile ? tx('twice_mobile_money', { merchant, reference }) : tx('twice_bank', { merchant, reference })}
          </p>
          {screen === 'timeout' && <p>{t('twice_late')}</p>}
        </section>
      )}
      {screen === 'timeout' && <Checking />}
      <MoneyNote session={session} />
      <div className={controls.actions}>
        {mobile && canMobile ? (
          <>
            <ActionButton onClick={() => onRetry('same')}>{t('try_again')}</ActionButton>
            <ActionButton variant="secondary" onClick={() => onRetry('other_number')}>
              {t('other_number')}
            </ActionButton>
          </>
        ) : onlyBank ? (
          <ActionButton busy={busy === 'bank'} onClick={() => void onChoose('bank_transfer')}>
            {t('try_again')}
          </ActionButton>
        ) : (
          <ActionButton onClick={() => onRetry('other_method')}>{t('try_again')}</ActionButton>
        )}
        {session.methods.length > 1 && mobile && (
          <ActionButton variant="link" onClick={() => onRetry('other_method')}>
            {t('pay_another_way')}
          </ActionButton>
        )}
      </div>
      <ContactBlock session={session} />
    </>
  );
}

export function Closed({ screen, session, notice }: ScreenProps) {
  const { t, tx } = usePage();
  const merchant = <bdi>{session.merchant.display_name}</bdi>;
  const reference = <Ref>{session.checkout.payment_reference}</Ref>;
  const expired = screen === 'expired';
  return (
    <>
      <Icon kind={expired ? 'clock' : 'bad'} />
      <Title>{expired ? t('expired_title') : t('cancelled_title')}</Title>
      <NoticeBox notice={notice} />
      <p>{expired ? tx('expired_body', { merchant }) : tx('cancelled_body', { merchant })}</p>
      <MoneyNote session={session} />
      <p className={frame.muted}>{tx('money_sent_note', { merchant, reference })}</p>
      <ContactBlock session={session} />
    </>
  );
}

export function NoMethods({ session }: ScreenProps) {
  const { t, tx, dateTime } = usePage();
  const merchant = <bdi>{session.merchant.display_name}</bdi>;
  const expiresAt = parseTimestamp(session.checkout.expires_at);
  const tooLate = session.methods_unavailable.some((m) => m.reason === 'too_little_time') && Number.isFinite(expiresAt);
  return (
    <>
      <Title>{t('no_methods_title')}</Title>
      <p>
        {tooLate
          ? tx('no_methods_time_body', { merchant, time: dateTime(expiresAt) })
          : tx('no_methods_body', { merchant })}
      </p>
      <ContactBlock session={session} />
    </>
  );
}

export function Confirming({ notice }: ScreenProps) {
  const { t } = usePage();
  return (
    <>
      <Spinner />
      <Title>{t('confirming_title')}</Title>
      <NoticeBox notice={notice} />
      <p>{t('confirming_body')}</p>
      <Checking />
    </>
  );
}
