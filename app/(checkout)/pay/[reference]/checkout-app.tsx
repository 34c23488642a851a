'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { FirstScreen } from '@/lib/collections/hosted-page/first-screen';
import type { Locale } from '@/lib/platform/i18n/locale';
import type { Messages } from '@/lib/platform/i18n/messages';
import { CheckoutFrame, usePageContext } from './checkout-frame';
import frame from './frame.module.css';
import controls from './controls.module.css';
import panels from './panels.module.css';
import { Summary, SummaryPlaceholder } from './brand';
import { ChooseMethod, UnavailableNote } from './choose-method';
import { FooterContact } from './contact';
import { takeEarlyChoice } from './early-session';
import { contactOnScreen, failureText, screenFor, type Screen, type View } from './flow';
import { Screens } from './screens';
import { loadBankScreens, useScreenCode } from './bank-screens';
import type { MethodId } from './session';
import { ActionButton, Icon, Title, usePage } from './ui';
import { useCheckoutSession } from './use-checkout-session';
import { usePaymentActions } from './use-payment-actions';
import { useStepHistory, type StepEntry } from './use-step-history';
import type { PhoneHandoff as Handoff } from './phone-handoff';

/** Where "pay on your phone instead" is offered: a wide screen with a mouse (a laptop, not the phone). */
const WIDE = '(min-width: 48rem) and (hover: hover)';

/**
 * The hosted checkout page: the session (use-checkout-session.ts), the customer's actions
 * (use-payment-actions.ts), one screen at a time (screens.tsx, chosen by flow.ts), one history entry
 * per step (use-step-history.ts), and around them the merchant's header, the summary and the footer.
 * Until the session arrives, what the server knew without the token (`first`): the brand and, when
 * the page opens on it, the choice of method, already usable.
 */
export function CheckoutApp({
  reference,
  locale,
  picker,
  noToken,
  messages,
  first,
}: {
  reference: string;
  locale: Locale;
  /** The language picker, drawn by the server (language-picker.tsx): no code of it in the page's JavaScript. */
  picker: ReactNode;
  /** The screen of a link without its token (no-token.tsx), drawn by the server the same way. */
  noToken: ReactNode;
  messages: Messages;
  first: FirstScreen | null;
}) {
  const [view, setView] = useState<View>('auto');
  // Continue pressed before the session arrived (or before this code loaded): done once it is here.
  const [pendingChoice, setPendingChoice] = useState<MethodId | null>(null);
  const phoneInput = useRef<HTMLInputElement>(null);

  const checkout = useCheckoutSession(reference, setView);
  const { session, phase, token, offline, serverNow } = checkout;
  const { ctx, t, announce, announcement, headingRef } = usePageContext(messages, locale, serverNow);
  const actions = usePaymentActions(reference, t, checkout, setView, phoneInput);
  const { form, setForm } = actions;
  // Loaded only where offered: phones never download it, nor its QR library.
  const [PhoneHandoff, setPhoneHandoff] = useState<typeof Handoff | null>(null);
  useEffect(() => {
    if (window.matchMedia(WIDE).matches)
      void import('./phone-handoff').then((m) => setPhoneHandoff(() => m.PhoneHandoff));
  }, []);

  const firstChoice = phase === 'loading' ? (first?.choice ?? null) : null;
  const screen: Screen =
    phase === 'ready' && session
      ? screenFor(session, view)
      : firstChoice
        ? 'choose'
        : phase === 'ready'
          ? 'loading'
          : phase;

  // A bank screen whose code is still on its way (bank-screens.ts): "Loading" meanwhile, and the
  // heading is focused and the change announced once it is drawn.
  const codeHere = useScreenCode(screen);

  useLayoutEffect(() => {
    const chosen = takeEarlyChoice();
    if (chosen === 'mobile_money' || chosen === 'bank_transfer') setPendingChoice(chosen);
  }, []);
  const { chooseMethod: choose } = actions;
  const chooseMethod = useCallback(
    (method: MethodId) => {
      // The account's screen loads while the account is asked for.
      if (method === 'bank_transfer') loadBankScreens().catch(() => undefined);
      return choose(method);
    },
    [choose],
  );
  useEffect(() => {
    if (!pendingChoice || phase === 'loading') return;
    setPendingChoice(null);
    if (screen === 'choose' && session?.methods.some((m) => m.method === pendingChoice))
      void chooseMethod(pendingChoice);
  }, [pendingChoice, phase, screen, session, chooseMethod]);

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
    if (!codeHere) return;
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
      no_token: t('no_token_title'),
    };
    const text = messagesByScreen[screen];
    if (text && !first) announce(text);
  }, [screen, codeHere, t, announce, checkout.sessionRef]);

  // Branding: the session's, else what the server could tell without the token, else neutral.
  const merchant = session?.merchant;
  const shellBrand = first?.brand;
  const brand = {
    name: merchant?.display_name ?? shellBrand?.displayName ?? null,
    logo: merchant ? merchant.logo_url : (shellBrand?.logoUrl ?? null),
    primary: merchant?.primary_color ?? shellBrand?.primaryColor,
    onPrimary: merchant?.text_color ?? shellBrand?.textColor,
  };
  const summary = session
    ? screen !== 'invalid' && screen !== 'paid' && <Summary session={session} />
    : firstChoice &&
      first && (
        <SummaryPlaceholder
          merchant={first.brand.displayName}
          reference={reference}
          hasDescription={first.hasDescription}
        />
      );

  // A picker's link reloads the page; where this tab could not keep the token (storage refused), the
  // token goes along in the link's fragment, or the page in the new language could not open the payment.
  const carryToken = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a[hreflang]');
    if (link instanceof HTMLAnchorElement && checkout.tokenInMemoryOnly && token)
      link.hash = `token=${encodeURIComponent(token)}`;
  };

  return (
    <CheckoutFrame
      ctx={ctx}
      brand={brand}
      picker={<div onClickCapture={carryToken}>{picker}</div>}
      banner={(session?.sandbox ?? first?.sandbox) && <p className={frame.sandbox}>{t('sandbox_banner')}</p>}
      summary={summary}
      screen={screen}
      announcement={announcement}
      footer={<>{session && !contactOnScreen(screen, session) && <FooterContact session={session} />}</>}
    >
      {offline && (
        <p className={panels.warning} role="status">
          {t('offline')}
        </p>
      )}
      {(screen === 'loading' || !codeHere) && <Loading />}
      {screen === 'no_token' && noToken}
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
      {/* The choice is drawn here, outside Screens, so the server's radios stay the same elements when the session arrives. */}
      {screen === 'choose' ? (
        <ChooseMethod
          methods={session?.methods ?? firstChoice ?? []}
          previous={session?.checkout.payment_method ?? null}
          note={session && <UnavailableNote session={session} />}
          busy={pendingChoice ? 'choice' : actions.busy}
          notice={actions.notice}
          onChoose={session ? chooseMethod : setPendingChoice}
        />
      ) : (
        session &&
        codeHere &&
        screen !== 'loading' &&
        screen !== 'no_token' &&
        screen !== 'invalid' &&
        screen !== 'load_error' && (
          <Screens
            screen={screen}
            session={session}
            busy={actions.busy}
            notice={actions.notice}
            form={form}
            setForm={setForm}
            phoneInput={phoneInput}
            paidHere={checkout.paidHere}
            onChoose={chooseMethod}
            onPayMobileMoney={actions.payMobileMoney}
            onClaim={actions.claimTransfer}
            onRetry={actions.retry}
            onResend={actions.resendPrompt}
            onSimulate={actions.simulate}
          />
        )
      )}
      {PhoneHandoff &&
        session &&
        token &&
        (screen === 'choose' || screen === 'mobile_money_form') &&
        session.methods.some((m) => m.method === 'mobile_money') && (
          <PhoneHandoff reference={reference} token={token} pollNow={checkout.pollNow} />
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
