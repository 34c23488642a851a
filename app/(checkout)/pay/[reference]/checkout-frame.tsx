'use client';

import { useCallback, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { HEX_COLOUR } from '@/lib/merchants/branding/hex-colour';
import type { Locale } from '@/lib/platform/i18n/locale';
import type { Messages } from '@/lib/platform/i18n/messages';
import { translator } from '@/lib/platform/i18n/translate';
import { BrandHeader } from './brand';
import frame from './frame.module.css';
import type { Screen } from './flow';
import { Ctx, formatters, richTranslator, type PageContext } from './ui';

/** What every screen reads through `usePage()`: the words, formats, the heading to focus, the live region. */
export function usePageContext(messages: Messages, locale: Locale, serverNow: () => number) {
  const t = useMemo(() => translator(messages, locale), [messages, locale]);
  const tx = useMemo(() => richTranslator(messages, locale), [messages, locale]);
  const format = useMemo(() => formatters(locale), [locale]);
  const [announcement, setAnnouncement] = useState<{ id: number; text: string }>({ id: 0, text: '' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);
  const ctx: PageContext = useMemo(
    () => ({ t, tx, locale, money: format.money, dateTime: format.dateTime, headingRef, announce, serverNow }),
    [t, tx, locale, format, announce, serverNow],
  );
  return { ctx, t, announce, announcement, headingRef };
}

export interface FrameBrand {
  name: string | null;
  logo: string | null;
  primary?: string;
  onPrimary?: string;
}

/**
 * Everything around the screen: the merchant's colours, header and summary, the main landmark, the
 * footer and the live region. The hosted page and the dashboard's branding preview both draw it, so
 * the preview is the page.
 */
export function CheckoutFrame({
  ctx,
  brand,
  picker,
  banner,
  summary,
  screen,
  children,
  footer,
  announcement,
}: {
  ctx: PageContext;
  brand: FrameBrand;
  /** The language picker (language-picker.tsx), on every screen of the real page. */
  picker?: ReactNode;
  banner: ReactNode;
  /** What heads the page: the amount and description (brand.tsx's Summary), or nothing. */
  summary: ReactNode;
  screen: Screen;
  children: ReactNode;
  footer: ReactNode;
  announcement: { id: number; text: string };
}) {
  const { primary, onPrimary } = brand;
  const brandStyle =
    primary && onPrimary && HEX_COLOUR.test(primary) && HEX_COLOUR.test(onPrimary)
      ? ({ '--brand': primary, '--on-brand': onPrimary } as CSSProperties)
      : undefined;
  return (
    <Ctx.Provider value={ctx}>
      <div className={frame.page} style={brandStyle}>
        <div className={frame.shell}>
          {picker}
          {banner}
          <BrandHeader name={brand.name} logo={brand.logo} />
          {summary}
          <main className={frame.main} data-screen={screen} aria-busy={screen === 'loading' || undefined}>
            {children}
          </main>
          <footer className={frame.footer}>{footer}</footer>
          <div className={frame.visuallyHidden} aria-live="polite" aria-atomic="true" data-testid="live-region">
            {announcement.text && <p key={announcement.id}>{announcement.text}</p>}
          </div>
        </div>
      </div>
    </Ctx.Provider>
  );
}
