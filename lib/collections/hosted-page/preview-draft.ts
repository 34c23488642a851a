import { DEFAULT_PRIMARY_COLOR, HEX_COLOUR, readableTextColor } from '../../merchants/branding/colour';
import type { PaymentMethod } from '../../platform/vocabulary';
import type { CheckoutSession } from './contract';

/**
 * Branding being edited, as the dashboard sends it to the preview frame (window.postMessage, same
 * origin only) on every keystroke. Browser-safe: no server code. What is not valid yet shows as the
 * default would, as saving would refuse it.
 */
export const PREVIEW_MESSAGE = 'branding-preview';
export const PREVIEW_READY = 'branding-preview-ready';

export interface BrandingDraft {
  display_name: string;
  logo_url: string;
  /** The uploaded logo's served address ('' when none): it wins over `logo_url`, as on the page. */
  uploaded_logo_url: string;
  primary_color: string;
  accepted_methods: PaymentMethod[];
  support_email: string;
  support_phone: string;
}

// Every method, as a type-checked record: the schema's list would bring the ORM into the page's bundle.
const METHODS: Record<PaymentMethod, true> = { mobile_money: true, bank_transfer: true };

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** A message from the dashboard, or null when it is anything else. */
export function readBrandingDraft(data: unknown): BrandingDraft | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== PREVIEW_MESSAGE || typeof message.draft !== 'object' || message.draft === null) return null;
  const draft = message.draft as Record<string, unknown>;
  const methods = Array.isArray(draft.accepted_methods) ? draft.accepted_methods : [];
  return {
    display_name: text(draft.display_name, 80),
    logo_url: text(draft.logo_url, 2048),
    uploaded_logo_url: text(draft.uploaded_logo_url, 2048),
    primary_color: text(draft.primary_color, 7),
    accepted_methods: (Object.keys(METHODS) as PaymentMethod[]).filter((m) => methods.includes(m)),
    support_email: text(draft.support_email, 254),
    support_phone: text(draft.support_phone, 32),
  };
}

// Only what this service serves (lib/merchants/branding/logo.ts `logoPath`), not any address posted in.
const SERVED_LOGO = /^https?:\/\/[^\s/]+\/brand\/[0-9a-f-]{36}\/[0-9a-f]{64}\.(png|jpg|webp)$/;

/** The logo the page would show for this draft: the uploaded one, else an https web address, else none. */
export function draftLogo(draft: Pick<BrandingDraft, 'logo_url' | 'uploaded_logo_url'>): string | null {
  if (SERVED_LOGO.test(draft.uploaded_logo_url)) return draft.uploaded_logo_url;
  return /^https:\/\/[^\s/]+\.[^\s]+$/.test(draft.logo_url.trim()) ? draft.logo_url.trim() : null;
}

/** The sample session as it would look with the draft saved (the merchant's name when the display name is empty). */
export function applyBrandingDraft(session: CheckoutSession, draft: BrandingDraft, merchantName: string) {
  const primary = HEX_COLOUR.test(draft.primary_color) ? draft.primary_color.toUpperCase() : DEFAULT_PRIMARY_COLOR;
  const logo = draftLogo(draft);
  return {
    ...session,
    merchant: {
      display_name: draft.display_name.trim() || merchantName,
      logo_url: logo,
      primary_color: primary,
      text_color: readableTextColor(primary),
      support_email: draft.support_email.trim() || null,
      support_phone: draft.support_phone.trim() || null,
    },
    methods: session.methods.filter((m) => draft.accepted_methods.includes(m.method)),
  } satisfies CheckoutSession;
}
