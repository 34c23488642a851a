'use client';

import { useEffect, useRef, useState } from 'react';
import type { CheckoutSession } from '@/lib/collections/hosted-page/contract';
import {
  PREVIEW_READY,
  applyBrandingDraft,
  readBrandingDraft,
  type BrandingDraft,
} from '@/lib/collections/hosted-page/preview-draft';
import type { Locale } from '@/lib/platform/i18n/locale';
import type { Messages } from '@/lib/platform/i18n/messages';
import type { PaymentMethod } from '@/lib/platform/vocabulary';
import { Summary } from '../[reference]/brand';
import { CheckoutFrame, usePageContext } from '../[reference]/checkout-frame';
import { FooterContact } from '../[reference]/contact';
import { contactOnScreen, type Screen } from '../[reference]/flow';
import frame from '../[reference]/frame.module.css';
import { Screens } from '../[reference]/screens';
import type { FormState } from '../[reference]/use-payment-actions';

const nothing = async () => {};
const serverNow = () => Date.now();

/**
 * The page's own components on a sample session. The branding is the saved one until the dashboard
 * that frames this page sends what is being typed (same origin, from the parent only).
 */
export function PreviewApp({
  session: sample,
  acceptedMethods,
  merchantName,
  screen: asked,
  locale,
  messages,
}: {
  session: CheckoutSession;
  acceptedMethods: PaymentMethod[] | null;
  merchantName: string;
  screen: 'choose' | 'paid';
  locale: Locale;
  messages: Messages;
}) {
  const { ctx, t, announcement } = usePageContext(messages, locale, serverNow);
  const [draft, setDraft] = useState<BrandingDraft | null>(null);
  const [form, setForm] = useState<FormState>({ network: '', phone: '', errors: {} });
  const phoneInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const next = readBrandingDraft(event.data);
      if (next) setDraft(next);
    };
    window.addEventListener('message', onMessage);
    if (window.parent !== window) window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const saved = acceptedMethods
    ? { ...sample, methods: sample.methods.filter((m) => acceptedMethods.includes(m.method)) }
    : sample;
  const session = draft ? applyBrandingDraft(sample, draft, merchantName) : saved;
  const screen: Screen = asked === 'choose' && session.methods.length === 0 ? 'no_methods' : asked;
  const { merchant } = session;

  return (
    <CheckoutFrame
      ctx={ctx}
      brand={{
        name: merchant.display_name,
        logo: merchant.logo_url,
        primary: merchant.primary_color,
        onPrimary: merchant.text_color,
      }}
      banner={<p className={frame.sandbox}>{t('preview_banner')}</p>}
      summary={screen !== 'paid' && <Summary session={session} />}
      screen={screen}
      announcement={announcement}
      footer={!contactOnScreen(screen, session) && <FooterContact session={session} />}
    >
      <Screens
        screen={screen}
        session={session}
        busy={null}
        notice={null}
        form={form}
        setForm={setForm}
        phoneInput={phoneInput}
        paidHere={false}
        onChoose={nothing}
        onPayMobileMoney={nothing}
        onClaim={nothing}
        onRetry={() => {}}
        onResend={nothing}
        onSimulate={nothing}
      />
    </CheckoutFrame>
  );
}
