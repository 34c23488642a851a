'use client';

import { useEffect, useRef, useState } from 'react';
import { PREVIEW_MESSAGE, PREVIEW_READY, type BrandingDraft } from '@/lib/collections/hosted-page/preview-draft';
import { fill } from '@/lib/surfaces/dashboard/copy';
import type { BrandingWords } from '@/lib/surfaces/dashboard/copy/branding';
import type { LanguageChoice, Locale } from '@/lib/platform/i18n/locale';
import { CurrencyField, SelectField } from '../../../../ui/field';
import styles from '../../ui.module.css';
import layout from './branding.module.css';

const DEVICES = [
  { id: 'phone', width: 360, height: 720 },
  { id: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * The hosted page itself (`/pay/preview`), framed at a phone's and a computer's width and scaled down
 * to fit; the draft goes to each frame by postMessage, so typing shows at once without a reload.
 */
export function PreviewPanel({
  words,
  locale,
  languages,
  currencies,
  draft,
}: {
  words: BrandingWords;
  locale: Locale;
  /** The page's languages, from the server (the catalogues stay out of the dashboard's JavaScript). */
  languages: LanguageChoice[];
  currencies: string[];
  draft: BrandingDraft;
}) {
  const [language, setLanguage] = useState<Locale>(locale);
  const [currency, setCurrency] = useState(currencies[0] ?? 'GHS');
  const [screen, setScreen] = useState<'choose' | 'paid'>('choose');
  const src = `/pay/preview?${new URLSearchParams({ locale: language, currency, screen })}`;
  return (
    <section className={layout.preview} aria-labelledby="preview-title">
      <h2 className={styles.sectionTitle} id="preview-title">
        {words.preview}
      </h2>
      <p className={styles.hint}>{words.preview_lead}</p>
      <div className={layout.controls}>
        <SelectField
          id="preview-language"
          label={words.preview_language}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Locale)}
        >
          {languages.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <CurrencyField
          id="preview-currency"
          label={words.preview_currency}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          currencies={currencies}
        />
        <SelectField
          id="preview-screen"
          label={words.preview_screen}
          value={screen}
          onChange={(e) => setScreen(e.target.value as 'choose' | 'paid')}
        >
          <option value="choose">{words.screen_choose}</option>
          <option value="paid">{words.screen_paid}</option>
        </SelectField>
      </div>
      <div className={layout.devices}>
        {DEVICES.map((device) => (
          <DeviceFrame
            key={device.id}
            {...device}
            label={words[device.id]}
            title={fill(words.frame_title, { device: words[device.id].toLowerCase() })}
            src={src}
            draft={draft}
          />
        ))}
      </div>
    </section>
  );
}

/** One device: the frame at its real width, scaled to the room there is (never up). */
function DeviceFrame({
  id,
  width,
  height,
  label,
  title,
  src,
  draft,
}: {
  id: string;
  width: number;
  height: number;
  label: string;
  title: string;
  src: string;
  draft: BrandingDraft;
}) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [scale, setScale] = useState(0.5);
  const latest = useRef(draft);
  latest.current = draft;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setScale(Math.min(1, (entry?.contentRect.width ?? 0) / width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  const send = () =>
    frame.current?.contentWindow?.postMessage({ type: PREVIEW_MESSAGE, draft: latest.current }, window.location.origin);
  // The frame says when it is ready (after each load); from then on every change goes to it.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type === PREVIEW_READY) send();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(send, [draft]);

  return (
    <figure className={layout.device} data-device={id}>
      <figcaption className={styles.label}>{label}</figcaption>
      <div ref={box} className={layout.screen} style={{ height: height * scale, maxWidth: width }}>
        <iframe
          ref={frame}
          src={src}
          title={title}
          width={width}
          height={height}
          style={{ transform: `scale(${scale})` }}
          className={layout.frame}
        />
      </div>
    </figure>
  );
}
