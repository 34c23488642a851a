'use client';

import {
  Fragment,
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Locale } from '@/lib/platform/i18n/locale';
import type { MessageKey, Messages } from '@/lib/platform/i18n/messages';
import { translateParts, type Translate, type TranslateParts } from '@/lib/platform/i18n/translate';
import frame from './frame.module.css';
import controls from './controls.module.css';
import panels from './panels.module.css';

/** What every screen needs: strings, formatting, the heading to focus, the live region. */
export interface PageContext {
  t: Translate;
  /** `t` with elements in the placeholders (an amount that must not wrap, a link). */
  tx: TranslateParts<ReactNode>;
  locale: Locale;
  money: (amount: number, currency: string) => string;
  dateTime: (epochMs: number) => string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  announce: (text: string) => void;
  serverNow: () => number;
}

export const Ctx = createContext<PageContext | null>(null);

export function usePage(): PageContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('usePage outside the checkout page');
  return ctx;
}

export function formatters(locale: Locale) {
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  // With its zone: a receipt or a deadline read in another country must still be right.
  const dateFormat = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return {
    money(amount: number, currency: string): string {
      let format = moneyFormats.get(currency);
      if (!format) {
        try {
          format = new Intl.NumberFormat(locale, { style: 'currency', currency });
        } catch {
          format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        }
        moneyFormats.set(currency, format);
      }
      return format.format(amount);
    },
    dateTime: (epochMs: number) => dateFormat.format(epochMs),
  };
}

/** `tx` for one catalogue: placeholders filled with text or elements, as one fragment. */
export function richTranslator(messages: Messages, locale: Locale): TranslateParts<ReactNode> {
  return (key, vars) => (
    <>
      {translateParts<ReactNode>(messages, locale, key as MessageKey, vars).map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

/** An amount: never broken across lines (the line breaks around it, or it gets a line of its own). */
export function Amount({ value, currency }: { value: number; currency: string }) {
  const { money } = usePage();
  return (
    <span className={frame.oneLine} data-amount="">
      {money(value, currency)}
    </span>
  );
}

/** A payment reference inside a sentence: kept on one line (it would break at its hyphen). */
export function Ref({ children }: { children: string }) {
  return <span className={`${frame.oneLine} ${frame.ltr}`}>{children}</span>;
}

/** The amount as a bank form wants it: `1250.50`, the currency's decimals, no grouping, no symbol. */
export function plainAmount(amount: number, currency: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // unknown currency code: two decimals
  }
  return new Intl.NumberFormat('en', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(amount);
}

export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The screen's heading: focused when the screen changes, so keyboard and screen-reader users follow. */
export function Title({ children }: { children: ReactNode }) {
  const { headingRef } = usePage();
  return (
    <h1 ref={headingRef} tabIndex={-1} className={frame.title}>
      {children}
    </h1>
  );
}

/** Re-renders every second with the server's clock (clock-skew safe), for countdowns. */
export function useServerNow(active = true): number {
  const { serverNow } = usePage();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const id = window.setInterval(() => setNow(serverNow()), 1000);
    return () => window.clearInterval(id);
  }, [active, serverNow]);
  return now;
}

/** A button that shows it is working without losing focus (aria-disabled, not disabled). */
export function ActionButton({
  children,
  onClick,
  busy,
  variant = 'primary',
  type = 'button',
}: {
  children: ReactNode;
  onClick?: () => void;
  busy?: boolean;
  variant?: 'primary' | 'secondary' | 'link';
  type?: 'button' | 'submit';
}) {
  const className =
    variant === 'primary' ? controls.button : variant === 'secondary' ? controls.secondary : controls.linkButton;
  return (
    <button
      type={type}
      className={className}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.();
      }}
    >
      {/* One flex item: text and an amount inside it wrap together, as a sentence. */}
      <span>{children}</span>
    </button>
  );
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied (some webviews): try the old way
  }
  const active = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  try {
    area.value = text;
    area.setAttribute('readonly', '');
    area.setAttribute('aria-hidden', 'true');
    area.style.position = 'fixed';
    area.style.top = '0';
    area.style.left = '0';
    area.style.opacity = '0';
    area.style.fontSize = '16px';
    document.body.appendChild(area);
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    active?.focus();
  }
}

/** One line of a details list with a Copy button (clipboard API, then execCommand, then "select it"). */
export function CopyRow({
  label,
  value,
  copyValue,
  kind = 'text',
}: {
  label: string;
  value: string;
  copyValue?: string;
  /** code: a number to type exactly (monospace, one line); amount: money, one line. */
  kind?: 'text' | 'code' | 'amount';
}) {
  const { t, announce } = usePage();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const valueRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    const ok = await writeClipboard(copyValue ?? value);
    window.clearTimeout(timer.current);
    if (ok) {
      setState('copied');
      announce(t('copied_announce', { field: label }));
      timer.current = window.setTimeout(() => setState('idle'), 2500);
    } else {
      setState('failed');
      const node = valueRef.current;
      const selection = window.getSelection();
      if (node && selection) selection.selectAllChildren(node);
      announce(t('copy_failed'));
    }
  };

  return (
    <div className={panels.row}>
      <dt>{label}</dt>
      <dd className={panels.rowValue}>
        <span
          ref={valueRef}
          className={`${panels.value} ${kind === 'code' ? panels.nowrap : kind === 'amount' ? panels.amountValue : ''}`}
          data-amount={kind === 'amount' ? '' : undefined}
        >
          {value}
        </span>
        <button
          type="button"
          className={`${panels.copy} ${state === 'copied' ? panels.copied : ''}`}
          aria-label={t('copy_label', { field: label })}
          onClick={() => void copy()}
        >
          {state === 'copied' ? t('copied') : t('copy')}
        </button>
      </dd>
      {state === 'failed' && <dd className={`${frame.small} ${frame.muted}`}>{t('copy_failed')}</dd>}
    </div>
  );
}

export function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={panels.row}>
      <dt>{label}</dt>
      <dd className={panels.rowValue}>
        <span className={panels.value}>{value}</span>
      </dd>
    </div>
  );
}

export function Checking() {
  const { t } = usePage();
  return (
    <p className={panels.checking}>
      <span className={panels.dot} aria-hidden="true" />
      {t('checking')}
    </p>
  );
}

export function Icon({ kind }: { kind: 'ok' | 'bad' | 'clock' }) {
  const className = `${controls.icon} ${kind === 'ok' ? controls.iconOk : kind === 'bad' ? controls.iconBad : controls.iconWait}`;
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="4" />
      {kind === 'ok' && (
        <path
          d="M14 25l7 7 14-15"
          fill="none"
          stroke="currentColor"
          strokeWidth="4.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
      {kind === 'bad' && (
        <path d="M17 17l14 14M31 17L17 31" fill="none" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" />
      )}
      {kind === 'clock' && (
        <path
          d="M24 12v13l8 5"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

export function Spinner() {
  return <span className={controls.spinner} aria-hidden="true" />;
}

export type Notice = { text: string; requestId?: string } | null;

/** A refused action, explained (with the request id for support when the server failed). */
export function NoticeBox({ notice }: { notice: Notice }) {
  const { t } = usePage();
  if (!notice) return null;
  return (
    <div className={panels.alert} role="alert">
      <p>{notice.text}</p>
      {notice.requestId && <p className={frame.small}>{t('error_reference', { id: notice.requestId })}</p>}
    </div>
  );
}
