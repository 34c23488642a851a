'use client';

import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Dispatch,
  type FormEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { Locale } from '@/lib/i18n/locale';
import type { Messages } from '@/lib/i18n/messages';
import { translator, type Translate } from '@/lib/i18n/translate';
import styles from './checkout.module.css';
import {
  EXPIRABLE,
  TERMINAL,
  callApi,
  forgetToken,
  mergeStatus,
  parseTimestamp,
  sessionPath,
  takeToken,
  tokenStorageKey,
  type ApiFailure,
  type ApiResult,
  type Attempt,
  type MethodId,
  type Network,
  type Session,
  type StatusUpdate,
} from './session';
import {
  ActionButton,
  Checking,
  CopyRow,
  Ctx,
  Icon,
  Row,
  Spinner,
  Title,
  clockText,
  formatters,
  plainAmount,
  usePage,
  useServerNow,
  type PageContext,
} from './ui';

/** What the server knows without the token: the merchant's name and colours (og-data.ts). */
export interface ShellBrand {
  displayName: string;
  primaryColor: string;
  textColor: string;
  logoUrl: string | null;
}

type Screen =
  | 'loading'
  | 'invalid'
  | 'load_error'
  | 'choose'
  | 'no_methods'
  | 'mobile_money_form'
  | 'approve'
  | 'bank_details'
  | 'bank_waiting'
  | 'confirming'
  | 'paid'
  | 'failed'
  | 'timeout'
  | 'expired'
  | 'cancelled';

type View = 'auto' | 'choose' | 'mobile_money_form';
type Notice = { text: string; requestId?: string } | null;

const HEX = /^#[0-9a-fA-F]{6}$/;
const REDIRECT_SECONDS = 5;

/** How often to ask for news, by status (ms); null = final, stop. */
function pollInterval(session: Session): number | null {
  const status = session.checkout.status;
  if (TERMINAL.includes(status)) return null;
  if (status === 'processing') return 2500;
  if (status === 'timeout') return 4000; // a late approval still pays
  if (status === 'awaiting_payment_initiation') return 5000; // the transfer may arrive unannounced
  return 15000; // pending, failed: a cancellation, expiry or transfer may still happen
}

function screenFor(session: Session, view: View): Screen {
  const { status } = session.checkout;
  const attempt = session.latest_attempt;
  if (status === 'paid' || status === 'completed') return 'paid';
  if (status === 'expired') return 'expired';
  if (status === 'cancelled') return 'cancelled';
  if (status === 'processing') {
    if (attempt?.method === 'mobile_money' && attempt.status === 'processing') {
      return view === 'mobile_money_form' ? 'mobile_money_form' : 'approve';
    }
    if (attempt?.method === 'bank_transfer' || session.checkout.payment_method === 'bank_transfer') return 'bank_waiting';
    return 'confirming';
  }
  if (session.methods.length === 0) return 'no_methods';
  if (view === 'mobile_money_form' && session.methods.some((m) => m.method === 'mobile_money')) return 'mobile_money_form';
  if (view === 'choose') return 'choose';
  if (status === 'failed') return 'failed';
  if (status === 'timeout') return 'timeout';
  if (status === 'awaiting_payment_initiation' && attempt?.status === 'awaiting_transfer' && attempt.bank_account) return 'bank_details';
  const only = session.methods.length === 1 ? session.methods[0] : undefined;
  if (only?.method === 'mobile_money') return 'mobile_money_form';
  return 'choose';
}

function networkLabel(session: Session, id: string | null | undefined): string {
  if (!id) return '';
  for (const method of session.methods) {
    const found = method.networks.find((n) => n.id === id);
    if (found) return found.label;
  }
  return id;
}

function phoneExample(network: Network | undefined): string {
  if (network?.country_calling_code === '254') return '0712 345 678';
  if (network?.country_calling_code === '233') return '024 412 3456';
  return `+${network?.country_calling_code ?? ''} …`;
}

function failureText(t: Translate, attempt: Attempt | null, session: Session): string[] {
  const code = attempt?.failure_code;
  if (session.checkout.approval_status === 'rejected' || code === 'rejected') {
    const lines = [t('failure_rejected')];
    if (attempt?.failure_message) lines.push(t('failure_reason', { reason: attempt.failure_message }));
    return lines;
  }
  if (code === 'declined') return [t('failure_declined')];
  if (code === 'insufficient_funds') return [t('failure_insufficient_funds')];
  if (code === 'no_answer' || session.checkout.status === 'timeout') return [t('failure_no_answer')];
  return [attempt?.failure_message ? attempt.failure_message : t('failure_generic')];
}

/** `+233 ••• ••• 456` stays on one line. */
const nowrap = (text: string) => text.replace(/ /g, '\u00a0');

function safeRedirect(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

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
  const t = useMemo(() => translator(messages), [messages]);
  const format = useMemo(() => formatters(locale), [locale]);

  const [token, setToken] = useState<string | null>(null);
  const [tokenInMemoryOnly, setTokenInMemoryOnly] = useState(false);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'invalid' | 'load_error'>('loading');
  const [session, setSession] = useState<Session | null>(null);
  const [view, setView] = useState<View>('auto');
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [offline, setOffline] = useState(false);
  const [announcement, setAnnouncement] = useState<{ id: number; text: string }>({ id: 0, text: '' });
  const [form, setForm] = useState<{ network: string; phone: string; errors: { network?: string; phone?: string } }>({
    network: '',
    phone: '',
    errors: {},
  });
  // The payment became final while this page was open (not a receipt opened later): redirect then.
  const [paidHere, setPaidHere] = useState(false);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const sessionRef = useRef<Session | null>(null);
  const clock = useRef({ server: Date.now(), perf: 0 });
  const pollNow = useRef<() => void>(() => {});
  const phoneInput = useRef<HTMLInputElement>(null);

  const serverNow = useCallback(() => clock.current.server + (performance.now() - clock.current.perf), []);
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);

  /** Every answer carries server_time: keep a monotonic clock in the server's time, corrected for half the round trip. */
  const syncClock = useCallback((serverTime: string, startedAt: number, receivedAt: number) => {
    const server = parseTimestamp(serverTime);
    if (Number.isFinite(server)) clock.current = { server: server + (receivedAt - startedAt) / 2, perf: receivedAt };
  }, []);

  const applySession = useCallback(
    (next: Session, options: { keepView?: boolean } = {}) => {
      const previous = sessionRef.current;
      sessionRef.current = next;
      setSession(next);
      const statusChanged = previous && previous.checkout.status !== next.checkout.status;
      if (statusChanged && (next.checkout.status === 'paid' || next.checkout.status === 'completed')) setPaidHere(true);
      // A status change found by polling makes an earlier action's message stale.
      if (statusChanged && options.keepView) setNotice(null);
      if (!options.keepView || (statusChanged && !EXPIRABLE.includes(next.checkout.status))) setView('auto');
    },
    [],
  );

  const invalidate = useCallback(() => {
    forgetToken(reference);
    setPhase('invalid');
  }, [reference]);

  // Token: from the fragment (or legacy query), kept per tab, then removed from the address bar.
  useEffect(() => {
    const found = takeToken(reference);
    let stored = false;
    try {
      stored = window.sessionStorage.getItem(tokenStorageKey(reference)) === found;
    } catch {
      stored = false;
    }
    setTokenInMemoryOnly(!stored);
    if (!found) setPhase('invalid');
    else setToken(found);
  }, [reference]);

  // First load, retried with backoff while the network or the server is down.
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let timer: number | undefined;
    let delay = 2000;
    const controller = new AbortController();
    const load = async () => {
      const result = await callApi<Session>(sessionPath(reference), { token, signal: controller.signal });
      if (cancelled) return;
      if (result.ok) {
        syncClock(result.data.server_time, result.requestStartedAt, result.receivedAt);
        applySession(result.data);
        setOffline(false);
        setPhase('ready');
        return;
      }
      if (result.kind === 'unauthorized' || result.kind === 'not_found' || result.kind === 'invalid') {
        invalidate();
        return;
      }
      setPhase('load_error');
      if (result.kind === 'network') setOffline(true);
      const wait = result.retryAfter ? result.retryAfter * 1000 : delay;
      delay = Math.min(delay * 2, 30000);
      timer = window.setTimeout(() => void load(), wait);
      pollNow.current = () => {
        window.clearTimeout(timer);
        void load();
      };
    };
    void load();
    return () => {
      cancelled = true;
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [token, reference, applySession, invalidate, syncClock]);

  const status = session?.checkout.status;
  const attemptKey = session?.latest_attempt ? `${session.latest_attempt.id}:${session.latest_attempt.status}` : '';

  // Polling: by status, slower when the tab is hidden, Retry-After on 429, backoff when offline,
  // and a check right at expiry so the page never offers to pay an expired checkout.
  useEffect(() => {
    if (!token || phase !== 'ready' || !sessionRef.current) return;
    if (pollInterval(sessionRef.current) === null) return;
    let stopped = false;
    let timer: number | undefined;
    let failures = 0;
    let inFlight = false;
    const controller = new AbortController();

    const nextDelay = (base: number) => {
      const current = sessionRef.current;
      let delay = document.visibilityState === 'hidden' ? Math.min(base * 4, 60000) : base;
      if (current && EXPIRABLE.includes(current.checkout.status)) {
        const untilExpiry = parseTimestamp(current.checkout.expires_at) - serverNow() + 1000;
        if (Number.isFinite(untilExpiry)) delay = Math.max(500, Math.min(delay, untilExpiry));
      }
      return delay;
    };
    const schedule = (delay: number) => {
      window.clearTimeout(timer);
      if (!stopped) timer = window.setTimeout(() => void tick(), delay);
    };
    const tick = async () => {
      window.clearTimeout(timer);
      if (inFlight) return;
      inFlight = true;
      const result = await callApi<StatusUpdate>(`${sessionPath(reference)}/status`, { token, signal: controller.signal });
      inFlight = false;
      if (stopped) return;
      const current = sessionRef.current;
      if (result.ok && current) {
        failures = 0;
        setOffline(false);
        syncClock(result.data.server_time, result.requestStartedAt, result.receivedAt);
        const merged = mergeStatus(current, result.data);
        applySession(merged, { keepView: true });
        const interval = pollInterval(merged);
        // A status change re-runs this effect (with its own schedule); otherwise keep going.
        if (interval !== null && merged.checkout.status === current.checkout.status) schedule(nextDelay(interval));
        return;
      }
      if (!result.ok && result.kind === 'unauthorized') {
        invalidate();
        return;
      }
      failures += 1;
      if (!result.ok && result.kind === 'network' && failures >= 2) setOffline(true);
      const base = current ? (pollInterval(current) ?? 5000) : 5000;
      const retry = !result.ok && result.retryAfter ? result.retryAfter * 1000 : Math.min(base * 2 ** failures, 30000);
      schedule(nextDelay(retry));
    };

    pollNow.current = () => void tick();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void tick();
    };
    const onOnline = () => void tick();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    schedule(nextDelay(pollInterval(sessionRef.current) ?? 5000));
    return () => {
      stopped = true;
      controller.abort();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, [token, phase, status, attemptKey, reference, applySession, invalidate, serverNow, syncClock]);

  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);

  const screen: Screen = phase === 'ready' && session ? screenFor(session, view) : phase === 'ready' ? 'loading' : phase;

  // Each new screen: focus its heading and announce what changed.
  const previousScreen = useRef<Screen>('loading');
  useEffect(() => {
    const before = previousScreen.current;
    previousScreen.current = screen;
    if (before === screen) return;
    // Not on the first screen: the page has just loaded and the heading is near the top anyway.
    if (before !== 'loading') headingRef.current?.focus();
    const current = sessionRef.current;
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
    if (text && before !== 'loading') announce(text);
  }, [screen, t, announce]);

  /** Explains a refused action in the customer's language, and refreshes when the state moved on. */
  const explain = useCallback(
    async (failure: ApiFailure) => {
      if (failure.kind === 'unauthorized') {
        invalidate();
        return;
      }
      let text: string;
      if (failure.kind === 'rate_limited') text = t('error_rate_limited', { seconds: failure.retryAfter ?? 60 });
      else if (failure.kind === 'network') text = t('error_network');
      else if (failure.code === 'method_unavailable') text = t('error_method_unavailable');
      else if (failure.kind === 'conflict') text = t('error_state_changed');
      else text = t('error_generic');
      setNotice({ text, requestId: failure.kind === 'server' ? failure.requestId : undefined });
      if (failure.kind === 'conflict' || failure.kind === 'network' || failure.kind === 'server') {
        // Whatever happened, show the truth: read the whole session again.
        const fresh = await callApi<Session>(sessionPath(reference), { token });
        if (fresh.ok) {
          syncClock(fresh.data.server_time, fresh.requestStartedAt, fresh.receivedAt);
          applySession(fresh.data, { keepView: failure.kind !== 'conflict' });
        }
      }
    },
    [invalidate, t, reference, token, applySession, syncClock],
  );

  const post = useCallback(
    async (action: string, path: string, body?: unknown): Promise<ApiResult<Session>> => {
      setBusy(action);
      setNotice(null);
      try {
        const result = await callApi<Session>(`${sessionPath(reference)}${path}`, { method: 'POST', token, body });
        if (result.ok) {
          syncClock(result.data.server_time, result.requestStartedAt, result.receivedAt);
          applySession(result.data);
        }
        return result;
      } finally {
        setBusy(null);
      }
    },
    [reference, token, applySession, syncClock],
  );

  const chooseMethod = useCallback(
    async (method: MethodId) => {
      const current = sessionRef.current;
      if (!current) return;
      if (method === 'mobile_money') {
        const networks = current.methods.find((m) => m.method === 'mobile_money')?.networks ?? [];
        setForm((f) => ({ ...f, network: f.network || (networks.length === 1 ? (networks[0]?.id ?? '') : ''), errors: {} }));
        setNotice(null);
        setView('mobile_money_form');
        return;
      }
      const result = await post('bank', '/bank-transfer');
      if (!result.ok) await explain(result);
    },
    [post, explain],
  );

  const payMobileMoney = useCallback(async () => {
    const current = sessionRef.current;
    if (!current) return;
    const networks = current.methods.find((m) => m.method === 'mobile_money')?.networks ?? [];
    const network = networks.find((n) => n.id === form.network);
    const locked = !current.checkout.customer_phone_editable;
    const errors: { network?: string; phone?: string } = {};
    if (!network) errors.network = t('network_required');
    const digits = form.phone.replace(/[\s\-().]/g, '');
    if (!locked) {
      if (!digits) errors.phone = t('phone_required');
      else if (!/^\+?\d{9,15}$/.test(digits))
        errors.phone = t('phone_invalid', { network: network?.label ?? '', example: phoneExample(network ?? networks[0]) });
    }
    setForm((f) => ({ ...f, errors }));
    if (errors.network || errors.phone) {
      if (errors.phone && !errors.network) phoneInput.current?.focus();
      else document.getElementById('network-0')?.focus();
      return;
    }
    const result = await post('mobile_money', '/mobile-money', locked ? { network: form.network } : { network: form.network, phone: form.phone });
    if (result.ok) return;
    if (result.kind === 'invalid' && result.fields?.length) {
      const fieldErrors: { network?: string; phone?: string } = {};
      for (const field of result.fields) {
        if (field.field.endsWith('phone')) fieldErrors.phone = t('phone_invalid', { network: network?.label ?? '', example: phoneExample(network) });
        else if (field.field.endsWith('network')) fieldErrors.network = t('network_required');
      }
      if (fieldErrors.phone || fieldErrors.network) {
        setForm((f) => ({ ...f, errors: fieldErrors }));
        if (fieldErrors.phone) phoneInput.current?.focus();
        return;
      }
    }
    await explain(result);
  }, [form.network, form.phone, post, explain, t]);

  /** A new prompt to the same phone (the server reuses the number of the prompt it replaces). */
  const resendPrompt = useCallback(async () => {
    const network = sessionRef.current?.latest_attempt?.network;
    if (!network) return;
    const result = await post('resend', '/mobile-money', { network });
    if (!result.ok) await explain(result);
  }, [post, explain]);

  const claimTransfer = useCallback(async () => {
    const result = await post('claim', '/bank-transfer/claim');
    if (!result.ok) await explain(result);
  }, [post, explain]);

  const simulate = useCallback(
    async (action: string, path: string, body: unknown) => {
      setBusy(action);
      setNotice(null);
      const result = await callApi<unknown>(path, { method: 'POST', body });
      setBusy(null);
      if (!result.ok) setNotice({ text: t('sim_failed'), requestId: result.requestId });
      pollNow.current();
    },
    [t],
  );

  const retry = useCallback(
    (mode: 'same' | 'other_number' | 'other_method') => {
      const current = sessionRef.current;
      setNotice(null);
      if (!current) return;
      const attempt = current.latest_attempt;
      if (mode === 'other_method' || attempt?.method !== 'mobile_money') {
        setView('choose');
        return;
      }
      setForm((f) => ({
        network: attempt.network ?? f.network,
        phone: mode === 'other_number' ? '' : f.phone,
        errors: {},
      }));
      setView('mobile_money_form');
      if (mode === 'other_number') window.setTimeout(() => phoneInput.current?.focus(), 0);
    },
    [],
  );

  const ctx: PageContext = useMemo(
    () => ({ t, locale, money: format.money, dateTime: format.dateTime, headingRef, announce, serverNow }),
    [t, locale, format, announce, serverNow],
  );

  // Branding: the session's, else what the server could tell without the token, else neutral.
  const merchant = session?.merchant;
  const brandName = merchant?.display_name ?? shellBrand?.displayName ?? null;
  const primary = merchant?.primary_color ?? shellBrand?.primaryColor;
  const onPrimary = merchant?.text_color ?? shellBrand?.textColor;
  const logo = merchant ? merchant.logo_url : (shellBrand?.logoUrl ?? null);
  const brandStyle =
    primary && onPrimary && HEX.test(primary) && HEX.test(onPrimary)
      ? ({ '--brand': primary, '--on-brand': onPrimary } as CSSProperties)
      : undefined;

  const otherLocale: Locale = locale === 'en' ? 'fr' : 'en';
  const languageHref = `?locale=${otherLocale}${tokenInMemoryOnly && token ? `#token=${encodeURIComponent(token)}` : ''}`;

  return (
    <Ctx.Provider value={ctx}>
      <div className={styles.page} style={brandStyle}>
        <div className={styles.shell}>
          {session?.sandbox && <p className={styles.sandbox}>{t('sandbox_banner')}</p>}
          {(brandName || logo) && (
            <header className={styles.brand}>
              {logo && <Logo src={logo} alt={brandName ?? ''} />}
              {brandName && <p className={styles.brandName}>{brandName}</p>}
            </header>
          )}
          {session && screen !== 'invalid' && screen !== 'paid' && <Summary session={session} />}
          <main className={styles.main} data-screen={screen} aria-busy={screen === 'loading' || undefined}>
            {offline && (
              <p className={styles.warning} role="status">
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
                <div className={styles.actions}>
                  <ActionButton onClick={() => pollNow.current()}>{t('retry')}</ActionButton>
                </div>
              </>
            )}
            {session && screen !== 'loading' && screen !== 'invalid' && screen !== 'load_error' && (
              <Screens
                screen={screen}
                session={session}
                busy={busy}
                notice={notice}
                form={form}
                setForm={setForm}
                phoneInput={phoneInput}
                paidHere={paidHere}
                onChoose={chooseMethod}
                onPayMobileMoney={payMobileMoney}
                onClaim={claimTransfer}
                onRetry={retry}
                onResend={resendPrompt}
                onSimulate={simulate}
              />
            )}
          </main>
          <footer className={styles.footer}>
            {merchant && (merchant.support_email || merchant.support_phone) && (
              <div>
                <p>{t('help', { merchant: merchant.display_name })}</p>
                <p className={styles.footerLinks}>
                  {merchant.support_email && (
                    <a href={`mailto:${merchant.support_email}`}>{t('help_email', { email: merchant.support_email })}</a>
                  )}
                  {merchant.support_phone && (
                    <a href={`tel:${merchant.support_phone.replace(/[^\d+]/g, '')}`}>
                      {t('help_phone', { phone: merchant.support_phone })}
                    </a>
                  )}
                </p>
              </div>
            )}
            <p className={styles.footerLinks}>
              <a href={languageHref} lang={otherLocale} hrefLang={otherLocale}>
                {t('other_language')}
              </a>
            </p>
          </footer>
          <div className={styles.visuallyHidden} aria-live="polite" aria-atomic="true" data-testid="live-region">
            {announcement.text && <p key={announcement.id}>{announcement.text}</p>}
          </div>
        </div>
      </div>
    </Ctx.Provider>
  );
}

function Logo({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken || !src.startsWith('https://')) return null;
  // A plain <img>: next/image would proxy merchants' logos through this server for no gain.
  return <img className={styles.logo} src={src} alt={alt} height={36} decoding="async" referrerPolicy="no-referrer" onError={() => setBroken(true)} />;
}

function Loading() {
  const { t } = usePage();
  return (
    <div>
      <p className={styles.lead}>{t('loading')}</p>
      <div className={styles.skeleton} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}

function Summary({ session }: { session: Session }) {
  const { t, money } = usePage();
  const { checkout, merchant } = session;
  return (
    <section className={styles.summary} aria-label={t('summary_label')}>
      <p className={styles.summaryLabel}>{t('pay_to', { merchant: merchant.display_name })}</p>
      <p className={styles.amount} data-testid="amount">
        {money(checkout.amount, checkout.currency_code)}
      </p>
      {checkout.description && <p className={styles.description}>{checkout.description}</p>}
      <p className={styles.meta}>
        {t('reference_line', { reference: checkout.payment_reference })}
      </p>
      {EXPIRABLE.includes(checkout.status) && <ExpiryNote expiresAt={checkout.expires_at} />}
    </section>
  );
}

/** Shown only in the last quarter hour, so nobody starts a transfer a link cannot take any more. */
function ExpiryNote({ expiresAt }: { expiresAt: string }) {
  const { t, announce } = usePage();
  const now = useServerNow();
  const left = parseTimestamp(expiresAt) - now;
  const announced = useRef(false);
  useEffect(() => {
    if (left > 0 && left <= 60000 && !announced.current) {
      announced.current = true;
      announce(t('announce_expires_soon'));
    }
  }, [left, announce, t]);
  if (!Number.isFinite(left) || left > 15 * 60000 || left <= 0) return null;
  return <p className={styles.expiry}>{t('expires_in', { time: clockText(left) })}</p>;
}

interface FormState {
  network: string;
  phone: string;
  errors: { network?: string; phone?: string };
}

interface ScreenProps {
  screen: Screen;
  session: Session;
  busy: string | null;
  notice: Notice;
  form: FormState;
  setForm: Dispatch<SetStateAction<FormState>>;
  phoneInput: RefObject<HTMLInputElement | null>;
  paidHere: boolean;
  onChoose: (method: MethodId) => Promise<void>;
  onPayMobileMoney: () => Promise<void>;
  onClaim: () => Promise<void>;
  onRetry: (mode: 'same' | 'other_number' | 'other_method') => void;
  onResend: () => Promise<void>;
  onSimulate: (action: string, path: string, body: unknown) => Promise<void>;
}

function NoticeBox({ notice }: { notice: Notice }) {
  const { t } = usePage();
  if (!notice) return null;
  return (
    <div className={styles.alert} role="alert">
      <p>{notice.text}</p>
      {notice.requestId && <p className={styles.small}>{t('error_reference', { id: notice.requestId })}</p>}
    </div>
  );
}

function Screens(props: ScreenProps) {
  const { screen, session, notice } = props;
  const { t } = usePage();
  const merchant = session.merchant.display_name;
  const reference = session.checkout.payment_reference;
  switch (screen) {
    case 'choose':
      return <ChooseMethod {...props} />;
    case 'no_methods':
      return (
        <>
          <Title>{t('no_methods_title')}</Title>
          <p>{t('no_methods_body', { merchant })}</p>
        </>
      );
    case 'mobile_money_form':
      return <MobileMoneyForm {...props} />;
    case 'approve':
      return <Approve {...props} />;
    case 'bank_details':
      return <BankDetails {...props} />;
    case 'bank_waiting':
      return <BankWaiting {...props} />;
    case 'confirming':
      return (
        <>
          <Spinner />
          <Title>{t('confirming_title')}</Title>
          <NoticeBox notice={notice} />
          <p>{t('confirming_body')}</p>
          <Checking />
        </>
      );
    case 'paid':
      return <Paid {...props} />;
    case 'failed':
    case 'timeout':
      return <Failed {...props} />;
    case 'expired':
    case 'cancelled':
      return (
        <>
          <Icon kind={screen === 'expired' ? 'clock' : 'bad'} />
          <Title>{screen === 'expired' ? t('expired_title') : t('cancelled_title')}</Title>
          <NoticeBox notice={notice} />
          <p>{screen === 'expired' ? t('expired_body', { merchant }) : t('cancelled_body', { merchant })}</p>
          <p className={styles.muted}>{t('money_sent_note', { merchant, reference })}</p>
        </>
      );
    default:
      return null;
  }
}

function ChooseMethod({ session, busy, notice, onChoose }: ScreenProps) {
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
  const only = methods.length === 1 ? methods[0] : undefined;
  if (only?.method === 'bank_transfer') {
    // One way to pay: no choice to make, just say what comes next.
    return (
      <>
        <Title>{t('bank_title')}</Title>
        <NoticeBox notice={notice} />
        <p>{t('bank_only_intro')}</p>
        {only.requires_manual_approval && <p className={styles.muted}>{t('method_manual_hint')}.</p>}
        <ActionButton busy={busy === 'bank'} onClick={() => void onChoose('bank_transfer')}>
          {t('bank_show')}
        </ActionButton>
      </>
    );
  }
  return (
    <>
      <Title>{t('choose_title')}</Title>
      <NoticeBox notice={notice} />
      <form onSubmit={submit} noValidate>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('method_legend')}</legend>
          <div className={styles.options}>
            {methods.map((method) => (
              <label key={method.method} className={styles.option}>
                <input
                  type="radio"
                  name="method"
                  value={method.method}
                  checked={choice === method.method}
                  onChange={() => setChoice(method.method)}
                />
                <span className={styles.optionText}>
                  <span className={styles.optionTitle}>
                    {method.method === 'mobile_money' ? t('method_mobile_money') : t('method_bank_transfer')}
                  </span>
                  <span className={styles.optionHint}>
                    {method.method === 'mobile_money'
                      ? method.networks.map((n) => n.label).join(', ')
                      : method.requires_manual_approval
                        ? `${t('method_bank_transfer_hint')}. ${t('method_manual_hint')}.`
                        : t('method_bank_transfer_hint')}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <ActionButton type="submit" busy={busy === 'bank'}>
          {t('continue')}
        </ActionButton>
      </form>
    </>
  );
}

function MobileMoneyForm({ session, busy, notice, form, setForm, phoneInput, onPayMobileMoney, onRetry }: ScreenProps) {
  const { t, money } = usePage();
  const { checkout, merchant } = session;
  const networks = session.methods.find((m) => m.method === 'mobile_money')?.networks ?? [];
  const locked = !checkout.customer_phone_editable;
  const selected = networks.find((n) => n.id === form.network);

  // Defaults: the only network; the number the merchant gave.
  useEffect(() => {
    setForm((f) => ({
      ...f,
      network: f.network || (networks.length === 1 ? (networks[0]?.id ?? '') : ''),
      phone: locked ? (checkout.customer_phone ?? '') : f.phone || (checkout.customer_phone ?? ''),
    }));
    // Only when the screen opens: later edits are the customer's.
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void onPayMobileMoney();
  };
  const hintId = 'phone-hint';
  const errorId = 'phone-error';
  const networkErrorId = 'network-error';
  return (
    <>
      <Title>{t('mm_title')}</Title>
      <NoticeBox notice={notice} />
      <form onSubmit={submit} noValidate>
        <fieldset className={styles.fieldset} aria-describedby={form.errors.network ? networkErrorId : undefined}>
          <legend className={styles.legend}>{t('network_legend')}</legend>
          <div className={styles.options}>
            {networks.map((network, index) => (
              <label key={network.id} className={styles.option}>
                <input
                  id={`network-${index}`}
                  type="radio"
                  name="network"
                  value={network.id}
                  checked={form.network === network.id}
                  aria-invalid={form.errors.network ? true : undefined}
                  onChange={() => setForm((f) => ({ ...f, network: network.id, errors: { ...f.errors, network: undefined } }))}
                />
                <span className={styles.optionText}>
                  <span className={styles.optionTitle}>{network.label}</span>
                </span>
              </label>
            ))}
          </div>
          {form.errors.network && (
            <span id={networkErrorId} className={styles.fieldError}>
              {form.errors.network}
            </span>
          )}
        </fieldset>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="phone">
            {t('phone_label')}
          </label>
          <span id={hintId} className={styles.hint}>
            {locked ? t('phone_locked_hint', { merchant: merchant.display_name }) : t('phone_hint', { example: phoneExample(selected ?? networks[0]) })}
          </span>
          <input
            ref={phoneInput}
            id="phone"
            name="phone"
            className={styles.input}
            type="tel"
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
            <span id={errorId} className={styles.fieldError}>
              {form.errors.phone}
            </span>
          )}
        </div>
        <ActionButton type="submit" busy={busy === 'mobile_money'}>
          {t('pay_button', { amount: money(checkout.amount, checkout.currency_code) })}
        </ActionButton>
      </form>
      {session.sandbox && !locked && (
        <div className={styles.note}>
          <p className={styles.boxTitle}>{t('sandbox_numbers_title')}</p>
          <ul className={`${styles.simList} ${styles.small}`}>
            <li>{t('sandbox_number_1111')}</li>
            <li>{t('sandbox_number_2222')}</li>
            <li>{t('sandbox_number_3333')}</li>
            <li>{t('sandbox_number_4444')}</li>
            <li>{t('sandbox_number_other')}</li>
          </ul>
        </div>
      )}
      {session.methods.length > 1 && (
        <div className={styles.actions}>
          <ActionButton variant="link" onClick={() => onRetry('other_method')}>
            {t('pay_another_way')}
          </ActionButton>
        </div>
      )}
    </>
  );
}

/** Matches the server's PROMPT_RESEND_AFTER_SECONDS: a new prompt may replace a live one after this. */
const RESEND_AFTER_MS = 30_000;

function Approve({ session, busy, notice, onSimulate, onResend, onRetry }: ScreenProps) {
  const { t, money, announce } = usePage();
  const attempt = session.latest_attempt!;
  const now = useServerNow();
  const left = parseTimestamp(attempt.respond_by) - now;
  const resendIn = Math.ceil((parseTimestamp(attempt.created_at) + RESEND_AFTER_MS - now) / 1000);
  const canResend = !Number.isFinite(resendIn) || resendIn <= 0;
  const timeUp = Number.isFinite(left) && left <= 0;
  const announcedUp = useRef(false);
  useEffect(() => {
    if (timeUp && !announcedUp.current) {
      announcedUp.current = true;
      announce(t('announce_time_up'));
    }
  }, [timeUp, announce, t]);
  const sims: [string, 'success' | 'declined' | 'insufficient_funds' | 'timeout', string][] = [
    ['sim_success', 'success', t('sim_approve')],
    ['sim_declined', 'declined', t('sim_decline')],
    ['sim_insufficient', 'insufficient_funds', t('sim_insufficient')],
    ['sim_timeout', 'timeout', t('sim_no_answer')],
  ];
  return (
    <>
      <Spinner />
      <Title>{t('approve_title')}</Title>
      <NoticeBox notice={notice} />
      <p className={styles.lead}>
        {t('approve_body', {
          phone: nowrap(attempt.phone ?? ''),
          network: networkLabel(session, attempt.network),
          amount: money(attempt.amount, attempt.currency_code),
          merchant: session.merchant.display_name,
        })}
      </p>
      {Number.isFinite(left) &&
        (timeUp ? (
          <p className={styles.timer}>{t('approve_time_up')}</p>
        ) : (
          <p className={styles.timer}>
            <span>{t('approve_time_left')}</span>
            <span className={styles.timerValue} role="timer" data-testid="countdown">
              {clockText(left)}
            </span>
          </p>
        ))}
      <Checking />
      <div className={styles.note}>
        <p className={styles.boxTitle}>{t('approve_help_title')}</p>
        <p>{t('approve_help_body')}</p>
      </div>
      {canResend ? (
        <div className={styles.actions}>
          <ActionButton variant="secondary" busy={busy === 'resend'} onClick={() => void onResend()}>
            {t('approve_resend')}
          </ActionButton>
          <ActionButton variant="link" onClick={() => onRetry('other_number')}>
            {t('approve_change_number')}
          </ActionButton>
        </div>
      ) : (
        <p className={styles.small}>{t('approve_resend_wait', { seconds: String(resendIn) })}</p>
      )}
      {session.sandbox && (
        <SimulateControls
          legend={t('sim_mm_legend')}
          busy={busy}
          onSimulate={onSimulate}
          buttons={sims.map(([action, outcome, label]) => ({
            action,
            label,
            path: `/api/sandbox/mobile-money/${encodeURIComponent(attempt.id)}`,
            body: { outcome },
          }))}
        />
      )}
    </>
  );
}

function BankAccountRows({ session, attempt }: { session: Session; attempt: Attempt }) {
  const { t, money } = usePage();
  const account = attempt.bank_account ?? {};
  const reference = account.reference ?? session.checkout.payment_reference;
  return (
    <dl className={styles.details}>
      {account.bank_name && <CopyRow label={t('bank_name')} value={account.bank_name} />}
      {account.account_name && <CopyRow label={t('account_name')} value={account.account_name} />}
      {account.account_number && <CopyRow label={t('account_number')} value={account.account_number} nowrap />}
      <CopyRow
        label={t('exact_amount')}
        value={money(attempt.amount, attempt.currency_code)}
        copyValue={plainAmount(attempt.amount, attempt.currency_code)}
      />
      <CopyRow label={t('transfer_reference')} value={reference} nowrap />
      {account.branch_code && <CopyRow label={t('branch_code')} value={account.branch_code} />}
      {account.swift_code && <CopyRow label={t('swift_code')} value={account.swift_code} />}
    </dl>
  );
}

function TransferSimulation({ session, busy, onSimulate }: Pick<ScreenProps, 'session' | 'busy' | 'onSimulate'>) {
  const { t } = usePage();
  if (!session.sandbox) return null;
  const sims: [string, 'exact' | 'short' | 'over' | 'duplicate', string][] = [
    ['sim_exact', 'exact', t('sim_exact')],
    ['sim_short', 'short', t('sim_short')],
    ['sim_over', 'over', t('sim_over')],
    ['sim_duplicate', 'duplicate', t('sim_duplicate')],
  ];
  return (
    <SimulateControls
      legend={t('sim_transfer_legend')}
      busy={busy}
      onSimulate={onSimulate}
      buttons={sims.map(([action, scenario, label]) => ({
        action,
        label,
        path: '/api/sandbox/bank-transfers',
        body: { payment_reference: session.checkout.payment_reference, scenario },
      }))}
    />
  );
}

/** Sandbox only: buttons that play the customer's or the bank's part through /api/sandbox/**. */
function SimulateControls({
  legend,
  buttons,
  busy,
  onSimulate,
}: {
  legend: string;
  buttons: { action: string; label: string; path: string; body: unknown }[];
} & Pick<ScreenProps, 'busy' | 'onSimulate'>) {
  return (
    <fieldset className={styles.sim}>
      <legend>{legend}</legend>
      <div className={styles.simButtons}>
        {buttons.map(({ action, label, path, body }) => (
          <button
            key={action}
            type="button"
            className={styles.simButton}
            aria-disabled={busy === action || undefined}
            onClick={() => {
              if (!busy) void onSimulate(action, path, body);
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function manualApproval(session: Session): boolean {
  return session.methods.find((m) => m.method === 'bank_transfer')?.requires_manual_approval ?? false;
}

function BankDetails(props: ScreenProps) {
  const { session, busy, notice, onClaim, onRetry } = props;
  const { t, money } = usePage();
  const attempt = session.latest_attempt!;
  return (
    <>
      <Title>{t('bank_title')}</Title>
      <NoticeBox notice={notice} />
      <p>{t('bank_intro', { amount: money(attempt.amount, attempt.currency_code) })}</p>
      <BankAccountRows session={session} attempt={attempt} />
      <div className={styles.warning}>
        <p>{t('bank_warning')}</p>
      </div>
      {manualApproval(session) && <p className={styles.muted}>{t('bank_manual_note', { merchant: session.merchant.display_name })}</p>}
      <div className={styles.actions}>
        <ActionButton busy={busy === 'claim'} onClick={() => void onClaim()}>
          {t('bank_sent')}
        </ActionButton>
        {session.methods.length > 1 && (
          <ActionButton variant="link" onClick={() => onRetry('other_method')}>
            {t('pay_another_way')}
          </ActionButton>
        )}
      </div>
      <TransferSimulation {...props} />
    </>
  );
}

function BankWaiting(props: ScreenProps) {
  const { session, notice } = props;
  const { t } = usePage();
  const attempt = session.latest_attempt;
  return (
    <>
      <Spinner />
      <Title>{t('waiting_title')}</Title>
      <NoticeBox notice={notice} />
      <p>{manualApproval(session) ? t('waiting_manual_body') : t('waiting_body')}</p>
      <p>{t('waiting_close', { merchant: session.merchant.display_name, reference: session.checkout.payment_reference })}</p>
      <Checking />
      {attempt?.method === 'bank_transfer' && attempt.bank_account && (
        <details className={styles.disclosure}>
          <summary>{t('waiting_details')}</summary>
          <BankAccountRows session={session} attempt={attempt} />
        </details>
      )}
      <TransferSimulation {...props} />
    </>
  );
}

function Paid({ session, paidHere }: ScreenProps) {
  const { t, money, dateTime } = usePage();
  const { checkout, merchant } = session;
  const attempt = session.latest_attempt;
  const target = safeRedirect(session.success_redirect_url);
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const [stayed, setStayed] = useState(!paidHere);
  const paidAt = parseTimestamp(checkout.paid_at);

  useEffect(() => {
    if (!target || stayed) return;
    if (seconds <= 0) {
      window.location.assign(target);
      return;
    }
    const id = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [target, stayed, seconds]);

  const method =
    checkout.payment_method === 'mobile_money' || attempt?.method === 'mobile_money'
      ? t('receipt_mobile_money', {
          network: attempt?.method === 'mobile_money' ? networkLabel(session, attempt.network) : '',
          phone: attempt?.method === 'mobile_money' ? nowrap(attempt.phone ?? '') : '',
        }).trim()
      : checkout.payment_method === 'bank_transfer'
        ? t('method_bank_transfer')
        : null;

  return (
    <>
      <Icon kind="ok" />
      <Title>{t('paid_title')}</Title>
      <p className={styles.lead}>{t('paid_body', { merchant: merchant.display_name })}</p>
      {target && (
        <div className={styles.redirect}>
          {!stayed && (
            // Not a live region: a screen reader would read every second. The heading says it is paid.
            <p className={styles.success}>
              {t('redirect_in', { merchant: merchant.display_name, seconds: Math.max(0, seconds) })}
            </p>
          )}
          <a className={styles.button} href={target}>
            {stayed ? t('return_to', { merchant: merchant.display_name }) : t('redirect_now')}
          </a>
          {!stayed && (
            <ActionButton variant="link" onClick={() => setStayed(true)}>
              {t('redirect_stay')}
            </ActionButton>
          )}
        </div>
      )}
      <h2 className={styles.subtitle}>{t('receipt_title')}</h2>
      <dl className={styles.details} data-testid="receipt">
        <Row label={t('receipt_paid_to')} value={merchant.display_name} />
        <Row label={t('receipt_amount')} value={money(checkout.amount, checkout.currency_code)} />
        {checkout.description && <Row label={t('receipt_for')} value={checkout.description} />}
        <Row label={t('receipt_reference')} value={<span className={styles.mono}>{checkout.payment_reference}</span>} />
        {Number.isFinite(paidAt) && <Row label={t('receipt_date')} value={<time dateTime={new Date(paidAt).toISOString()}>{dateTime(paidAt)}</time>} />}
        {method && <Row label={t('receipt_method')} value={method} />}
      </dl>
    </>
  );
}

function Failed({ screen, session, notice, busy, onRetry, onChoose }: ScreenProps) {
  const { t } = usePage();
  const attempt = session.latest_attempt;
  const merchant = session.merchant.display_name;
  const reference = session.checkout.payment_reference;
  const mobile = attempt?.method === 'mobile_money';
  const canMobile = session.methods.some((m) => m.method === 'mobile_money');
  const onlyBank = session.methods.length === 1 && session.methods[0]?.method === 'bank_transfer';
  return (
    <>
      <Icon kind="bad" />
      <Title>{screen === 'timeout' ? t('timeout_title') : t('failed_title')}</Title>
      <NoticeBox notice={notice} />
      {failureText(t, attempt, session).map((line) => (
        <p key={line} className={styles.lead}>
          {line}
        </p>
      ))}
      <section className={styles.warning} aria-labelledby="twice-title">
        <h2 id="twice-title" className={styles.boxTitle}>
          {t('twice_title')}
        </h2>
        <p>{mobile ? t('twice_mobile_money', { merchant, reference }) : t('twice_bank', { merchant, reference })}</p>
        {screen === 'timeout' && <p>{t('twice_late')}</p>}
      </section>
      {screen === 'timeout' && <Checking />}
      <div className={styles.actions}>
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
    </>
  );
}
