import { describe, expect, it } from 'vitest';
import { screenFor } from '@/app/(checkout)/pay/[reference]/flow';
import { waitsForFirstChoice } from '@/lib/collections/hosted-page/first-screen';
import { previewSession } from '@/lib/collections/hosted-page/preview';
import type { CheckoutSession } from '@/lib/collections/hosted-page/contract';
import { presentBranding } from '@/lib/merchants/branding/branding';
import { CURRENCY_CODES } from '@/lib/platform/money/currencies';
import type { KybStatus } from '@/lib/platform/vocabulary';

/**
 * The server draws the choice of method before the session arrives only where the page's own rule
 * (flow.ts) shows that choice for the session: never a screen the app would then take back.
 */
const brand = presentBranding({ id: '00000000-0000-4000-8000-000000000001', name: 'Kofi Foods' }, undefined);
const KYB: KybStatus[] = ['verified', 'unverified'];

function sessions(): CheckoutSession[] {
  const out: CheckoutSession[] = [];
  for (const currency of CURRENCY_CODES)
    for (const kyb of KYB)
      for (const screen of ['choose', 'paid'] as const) {
        const base = previewSession({ brand, kyb, currency, locale: 'en', screen });
        const pending = { ...base, latest_attempt: screen === 'choose' ? null : base.latest_attempt };
        out.push(pending);
        // Narrowed to one method, none, and with an attempt of each kind under way or failed.
        for (const m of base.methods) out.push({ ...pending, methods: [m] });
        out.push({ ...pending, methods: [] });
        for (const status of ['failed', 'timeout', 'expired', 'cancelled', 'processing'] as const)
          out.push({ ...pending, checkout: { ...pending.checkout, status } });
      }
  return out;
}

describe('the first screen from the server', () => {
  it('shows the choice only where the page would show it, for every currency and state', () => {
    let drawn = 0;
    for (const session of sessions()) {
      if (!waitsForFirstChoice(session)) continue;
      drawn++;
      expect(screenFor(session, 'auto'), `${session.checkout.currency_code} ${session.checkout.status}`).toBe('choose');
    }
    expect(drawn, 'some sessions do get the choice from the server').toBeGreaterThan(5);
  });

  it('draws nothing for a session with an attempt, even a pending one', () => {
    const base = previewSession({ brand, kyb: 'verified', currency: 'GHS', locale: 'en', screen: 'paid' });
    const withAttempt = { ...base, checkout: { ...base.checkout, status: 'pending' as const } };
    expect(withAttempt.latest_attempt).not.toBeNull();
    expect(waitsForFirstChoice(withAttempt)).toBe(false);
  });
});
