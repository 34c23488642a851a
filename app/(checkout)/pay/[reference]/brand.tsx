'use client';

import { useEffect, useRef, useState, type CSSProperties } from 'react';
import frame from './frame.module.css';
import { canExpire } from './flow';
import { parseTimestamp, type Session } from './session';
import { Amount, clockText, usePage, useServerNow } from './ui';
import { ltrText } from './flow';

/**
 * The merchant's header: its name, always as text, and its logo once the logo has loaded. A logo
 * that fails (404, bad host, slow) is never shown as a broken image, and appearing late it moves
 * nothing: it sits at the end of a header already tall enough for it. The name says who it is, so
 * the image is decorative (alt=""). Merchants' names are isolated (`<bdi>`) here and on every screen,
 * so a right-to-left name, or a stored U+202E, cannot reorder the page's own words around it.
 */
export function BrandHeader({ name, logo }: { name: string | null; logo: string | null }) {
  if (!name && !logo) return null;
  return (
    <header className={frame.brand}>
      {name && (
        <p className={frame.brandName}>
          <bdi>{name}</bdi>
        </p>
      )}
      {logo && <Logo src={logo} />}
    </header>
  );
}

function Logo({ src }: { src: string }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    // An https web address, or a logo uploaded to this service (served from this origin).
    if (!src.startsWith('https://') && !src.startsWith(`${window.location.origin}/brand/`)) return;
    const probe = new Image();
    probe.referrerPolicy = 'no-referrer';
    probe.onload = () => setLoaded(src);
    probe.src = src;
    return () => {
      probe.onload = null;
    };
  }, [src]);
  if (loaded !== src) return null;
  // A plain <img>: next/image would proxy merchants' logos through this server for no gain.
  return (
    <img
      className={frame.logo}
      src={src}
      alt=""
      height={36}
      decoding="async"
      referrerPolicy="no-referrer"
      data-testid="logo"
    />
  );
}

export function Summary({ session }: { session: Session }) {
  const { t, tx, money } = usePage();
  const { checkout, merchant } = session;
  const chars = money(checkout.amount, checkout.currency_code).length;
  return (
    <section className={frame.summary} aria-label={t('summary_label')}>
      <p className={frame.summaryLabel}>{tx('pay_to', { merchant: <bdi>{merchant.display_name}</bdi> })}</p>
      {/* Shrinks with its length so that it always fits on one line, down to 320 px. */}
      <p className={frame.amount} data-testid="amount" style={{ '--chars': chars } as CSSProperties}>
        <Amount value={checkout.amount} currency={checkout.currency_code} />
      </p>
      {checkout.description && <p className={frame.description}>{checkout.description}</p>}
      <p className={frame.meta}>{t('reference_line', { reference: ltrText(checkout.payment_reference) })}</p>
      {canExpire(session) && <ExpiryNote expiresAt={checkout.expires_at} />}
    </section>
  );
}

/**
 * The summary's place while the session is on its way (the server rendered the choice of method
 * without it): the lines the server may know, and blank space where the amount and the description
 * will be, so that nothing moves under the customer's finger when they arrive.
 */
export function SummaryPlaceholder({
  merchant,
  reference,
  hasDescription,
}: {
  merchant: string;
  reference: string;
  hasDescription: boolean;
}) {
  const { t, tx } = usePage();
  return (
    <section className={frame.summary} aria-label={t('summary_label')}>
      <p className={frame.summaryLabel}>{tx('pay_to', { merchant: <bdi>{merchant}</bdi> })}</p>
      {/* Painted by the inline script (early-session.ts) when the early read answers, before the app runs. */}
      <p
        className={`${frame.amount} ${frame.placeholder}`}
        aria-hidden="true"
        data-early="amount"
        suppressHydrationWarning
      >
        {'\u00a0'}
      </p>
      {hasDescription && (
        <p
          className={`${frame.description} ${frame.placeholder}`}
          aria-hidden="true"
          data-early="description"
          suppressHydrationWarning
        >
          {'\u00a0'}
        </p>
      )}
      <p className={frame.meta}>{t('reference_line', { reference: ltrText(reference) })}</p>
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
  return <p className={frame.expiry}>{t('expires_in', { time: clockText(left) })}</p>;
}
