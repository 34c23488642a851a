'use client';

import { useEffect, useState } from 'react';
import css from './phone-handoff.module.css';
import { usePage } from './ui';

/** While the code is shown, ask for news this often: the phone may be paying. */
const HANDOFF_POLL_MS = 3000;

/**
 * "Pay on your phone instead", on a wide screen with a mouse only (checkout-app.tsx loads this file only there): a QR code of this checkout's own link,
 * drawn here (the token never leaves the browser; the library loads only when the code is opened),
 * so a customer who opened the link on a laptop pays with the phone that holds the wallet. This
 * page asks for news every few seconds while the code is open and follows the payment to its receipt.
 */
export function PhoneHandoff({
  reference,
  token,
  pollNow,
}: {
  reference: string;
  token: string;
  pollNow: { current: () => void };
}) {
  const { t, locale } = usePage();
  const [open, setOpen] = useState(false);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!open || qr) return;
    let cancelled = false;
    const link = `${window.location.origin}/pay/${encodeURIComponent(reference)}?locale=${locale}#token=${encodeURIComponent(token)}`;
    void import('qrcode').then(async ({ toString }) => {
      const svg = await toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      if (!cancelled) setQr(`data:image/svg+xml,${encodeURIComponent(svg)}`);
    });
    return () => {
      cancelled = true;
    };
  }, [open, qr, reference, token, locale]);

  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => pollNow.current(), HANDOFF_POLL_MS);
    return () => clearInterval(timer);
  }, [open, pollNow]);

  return (
    <details className={css.handoff} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="phone-handoff">
      <summary className={css.summary}>{t('handoff_show')}</summary>
      <div className={css.body}>
        <h2 className={css.title}>{t('handoff_title')}</h2>
        <p>{t('handoff_body')}</p>
        {qr ? (
          <img className={css.code} src={qr} alt={t('handoff_qr_label')} width={256} height={256} />
        ) : (
          <span className={css.code} aria-hidden="true" />
        )}
      </div>
    </details>
  );
}
