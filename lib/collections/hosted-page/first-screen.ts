import { getDb } from '../../platform/db/client';
import { config } from '../../platform/config';
import { PAYMENT_REFERENCE } from '../../checkout/reference';
import type { OfferedMethod } from '../../rails/methods';
import type { CheckoutSession } from './contract';
import { presentSession } from './present';
import { readSessionFactsByReference } from './session-facts';

/**
 * What the hosted page's server may render of a checkout known only by its reference: the token
 * travels in the URL's fragment, so the server never has it, and link previews, unfurlers and mail
 * scanners fetch the same URL. Never the amount, the description, the customer or an attempt.
 *
 * Besides the merchant's name and colours (all a link preview shows), the first paint gets what lets
 * a customer choose how to pay before the page's JavaScript has arrived (most of a second on a slow
 * phone network): the methods on offer, while the checkout waits for its first choice. That tells a
 * holder of the bare reference (80 random bits, seen only in the link or a transfer's narration)
 * that the checkout is still open, and nothing else; a page that showed a choice for a paid checkout,
 * even for a moment, would be worse. Also whether it is a test checkout (the banner) and has a
 * description (its line is kept), so nothing moves under the customer's finger when the session
 * arrives.
 */
export interface FirstScreen {
  brand: PublicBrand;
  sandbox: boolean;
  hasDescription: boolean;
  /** The methods to choose from when the page's first screen is that choice; else null (a loading state). */
  choice: OfferedMethod[] | null;
}

export interface PublicBrand {
  displayName: string;
  primaryColor: string;
  textColor: string;
  logoUrl: string | null;
  /** The merchant's default language for the page (branding), when set. */
  defaultLocale: string | null;
}

/**
 * A session whose page opens on the choice of method: open, nothing tried yet, more than one way to
 * pay. Narrower than the page's own rule (flow.ts `screenFor`, which a test holds to it): when in doubt
 * the first paint shows a loading state, never a screen the session would take back.
 */
export function waitsForFirstChoice(session: CheckoutSession): boolean {
  return session.checkout.status === 'pending' && session.latest_attempt === null && session.methods.length > 1;
}

export async function firstScreenFor(reference: string): Promise<FirstScreen | null> {
  if (!PAYMENT_REFERENCE.test(reference)) return null;
  try {
    const facts = await readSessionFactsByReference(getDb(), reference);
    if (!facts) return null;
    const session = presentSession(facts);
    const { merchant } = session;
    const defaultLocale = facts.offering.brand.default_locale;
    return {
      brand: {
        displayName: merchant.display_name,
        primaryColor: merchant.primary_color,
        textColor: merchant.text_color,
        // A web address must be https; an uploaded logo is served from this host, whatever its scheme.
        logoUrl:
          merchant.logo_url?.startsWith('https://') ||
          merchant.logo_url?.startsWith(`${config().CHECKOUT_BASE_URL}/brand/`)
            ? merchant.logo_url
            : null,
        defaultLocale,
      },
      sandbox: session.sandbox,
      hasDescription: Boolean(session.checkout.description),
      choice: waitsForFirstChoice(session) ? session.methods : null,
    };
  } catch {
    // A first paint without branding (the page then loads as it would anyway) is better than an error page.
    return null;
  }
}

/** The merchant's name and colours alone: what a link preview (the Open Graph image) shows. */
export async function publicBrandFor(reference: string): Promise<PublicBrand | null> {
  return (await firstScreenFor(reference))?.brand ?? null;
}
