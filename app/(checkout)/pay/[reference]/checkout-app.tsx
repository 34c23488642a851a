'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '@/lib/platform/i18n/locale';
import type { Messages } from '@/lib/platform/i18n/messages';
import { CheckoutFrame, usePageContext } from './checkout-frame';
import frame from './frame.module.css';
import controls from './controls.module.css';
import panels from './panels.module.css';
import { FooterContact } from './contact';
import { contactOnScreen, failureText, screenFor, type Screen, type View } from './flow';
import { Screens } from './screens';
import { ActionButton, Icon, Title, usePage } from './ui';
import { useCheckoutSession } from './use-checkout-session';
import { usePaymentActions } from './use-payment-actions';
import { useStepHistory, type StepEntry } from './use-step-history';

/** What the server knows without the token: the merchant's name and colours (lib/collections/hosted-page/public-brand.ts). */
export interface ShellBrand {
  displayName: string;
  primaryColor: string;
  textColor: string;
  logoUrl: string | null;
}

/**
 * The hosted checkout page: the session (use-checkout-session.ts), the customer's actions
 * (use-payment-actions.ts), one screen at a time (screens.tsx, chosen by flow.ts), one history entry
 * per step (use-step-history.ts), and around them the merchant's header, the summary and the footer.
 */
export function CheckoutApp({
  reference,
  locale,
  messages,
  brand: shellBrand,
}: {
  reference: string;
  locale: Locale;
  messages: Messages;
  brand: ShellBrand | null;
}) {
  const [view, setView] = useState<View>('auto');
  const phoneInput = useRef<HTMLInputElement>(null);

  const checkout = useCheckoutSession(reference, setView);
  const { session, phase, token, offline, serverNow } = checkout;
  const { ctx, t, announce, announcement, headingRef } = usePageContext(messages, locale, serverNow);
  const actions = usePaymentActions(reference, t, checkout, setView, phoneInput);
  const { form, setForm } = actions;

  const screen: Screen =
    phase === 'ready' && session ? screenFor(session, view) : phase === 'ready' ? 'loading' : phase;

  const screenOf = useCallback((next: View): Screen => (session ? screenFor(session, next) : 'loading'), [session]);
  const restore = useCallback(
    (entry: StepEntry) => {
      setView(entry.view);
      if (entry.network) setForm((f) => ({ ...f, network: entry.network!, errors: {} }));
    },
    [setForm],
  );
  useStepHistory({ screen, view, network: form.network, screenOf, restore });

  // Each new screen: focus its heading and announce what changed.
  const previousScreen = useRef<Screen>('loading');
  useEffect(() => {
    const before = previousScreen.current;
    previousScreen.current = screen;
    if (before === screen) return;
    // Not on the first screen (a bank transfer's details fetched at load are the first screen too):
    // the page has just loaded and the heading is near the top anyway.
    const first = before === 'loading' || before === 'bank_preparing';
    if (!first) headingRef.current?.focus();
    const current = checkout.sessionRef.current;
    const messagesByScreen: Partial<Record<Screen, string>> = {
      approve: t('announce_prompt'),
      bank_details: t('announce_bank'),
      bank_waiting: t('announce_waiting'),
      paid: t('paid_title'),
      failed: [t('failed_title'), ...(current ? failureText(t, current.latest_attempt, current) : [])].join(' '),
      timeout: [t('timeout_title'), t('failure_no_answer')].join(' '),
      expired: t('expired_title'),
      cancelled: t('cancelled_title'),
      invalid: t('invalid_title'),
    };
    const text = messagesByScreen[screen];
    if (text && !first) announce(text);
  }, [screen, t, announce, checkout.sessionRef]);

  // Branding: the session's, else what the server could tell without the token, else neutral.
  const merchant = session?.merchant;
  const brand = {
    name: merchant?.display_name ?? shellBrand?.displayName ?? null,
    logo: merchant ? merchant.logo_url : (shellBrand?.logoUrl ?? null),
    primary: merchant?.primary_color ?? shellBrand?.primaryColor,
    onPrimary: merchant?.text_color ?? shellBrand?.textColor,
  };

  const otherLocale: Locale = locale === 'en' ? 'fr' : 'en';
  const languageHref = `?locale=${otherLocale}${checkout.tokenInMemoryOnly && token ? `#token=${encodeURIComponent(token)}` : ''}`;

  return (
    <CheckoutFrame
      ctx={ctx}
      brand={brand}
      banner={session?.sandbox && <p className={frame.sandbox}>{t('sandbox_banner')}</p>}
      summary={session && screen !== 'invalid' && screen !== 'paid' ? session : null}
      screen={screen}
      announcement={announcement}
      footer={
        <>
          {session && !contactOnScreen(screen, session) && <FooterContact session={session} />}
          <p className={`${frame.footerLinks} ${frame.noPrint}`}>
            <a href={languageHref} lang={otherLocale} hrefLang={otherLocale}>
              {t('other_language')}
            </a>
          </p>
        </>
      }
    >
      {offline && (
        <p className={panels.warning} role="status">
          {t('offline')}
        </p>
      )}
      {screen === 'loading' && <Loading />}
      {screen === 'invalid' && (
        <>
          <Icon kind="bad" />
          <Title>{t('invalid_title')}</Title>
          <p>{t('invalid_body')}</p>
        </>
      )}
      {screen === 'load_error' && (
        <>
          <Title>{t('load_error_title')}</Title>
          <p>{t('load_error_body')}</p>
          <div className={controls.actions}>
            <ActionButton onClick={() => checkout.pollNow.current()}>{t('retry')}</ActionButton>
          </div>
        </>
      )}
      {session && screen !== 'loading' && screen !== 'invalid' && screen !== 'load_error' && (
        <Screens
          screen={screen}
          session={session}
          busy={actions.busy}
          notice={actions.notice}
          form={form}
          setForm={setForm}
          phoneInput={phoneInput}
          paidHere={checkout.paidHere}
          onChoose={actions.chooseMethod}
          onPayMobileMoney={actions.payMobileMoney}
          onClaim={actions.claimTransfer}
          onRetry={actions.retry}
          onResend={actions.resendPrompt}
          onSimulate={actions.simulate}
        />
      )}
    </CheckoutFrame>
  );
}

function Loading() {
  const { t } = usePage();
  return (
    <div>
      <p className={frame.lead}>{t('loading')}</p>
      <div className={frame.skeleton} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}
