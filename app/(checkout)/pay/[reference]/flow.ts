/**
 * What the page shows and how often it asks for news, from the session alone: pure functions, no
 * React, so the rules can be read (and tested) in one place.
 */
import type { Translate } from '@/lib/platform/i18n/translate';
import { readNumberByRule } from '@/lib/rails/mobile-number';
import { EXPIRABLE, TERMINAL, parseTimestamp, type Attempt, type Network, type Session } from './session';

export type Screen =
  | 'loading'
  | 'no_token'
  | 'invalid'
  | 'load_error'
  | 'choose'
  | 'no_methods'
  | 'mobile_money_form'
  | 'approve'
  | 'bank_preparing'
  | 'bank_details'
  | 'bank_waiting'
  | 'confirming'
  | 'paid'
  | 'failed'
  | 'timeout'
  | 'expired'
  | 'cancelled';

/** What the customer asked to see, over what the server state would show by itself. */
export type View = 'auto' | 'choose' | 'mobile_money_form';

/** Screens that stand in for the next one: replaced in the history, never a step to go back to. */
export const TRANSIENT_SCREENS: readonly Screen[] = ['loading', 'load_error', 'bank_preparing'];

/** After a prompt is sent, ask this often for this long: most approvals come within seconds. */
export const FAST_POLL = { intervalMs: 750, forMs: 15_000 } as const;

/** How often to ask for news (ms), by status; null = final, stop. `now` is the server's clock. */
export function pollInterval(session: Session, now: number): number | null {
  const status = session.checkout.status;
  if (TERMINAL.includes(status)) return null;
  if (status === 'processing') {
    const attempt = session.latest_attempt;
    const sentAt = parseTimestamp(attempt?.created_at);
    const fresh =
      attempt?.method === 'mobile_money' && attempt.status === 'processing' && now - sentAt < FAST_POLL.forMs;
    return fresh ? FAST_POLL.intervalMs : 2500;
  }
  if (status === 'timeout') return 4000; // a late approval still pays
  if (status === 'awaiting_payment_initiation') return 5000; // the transfer may arrive unannounced
  return 15000; // pending, failed: a cancellation, expiry or transfer may still happen
}

const onlyMethod = (session: Session) => (session.methods.length === 1 ? session.methods[0] : undefined);

export function screenFor(session: Session, view: View): Screen {
  const { status } = session.checkout;
  const attempt = session.latest_attempt;
  if (status === 'paid' || status === 'completed') return 'paid';
  if (status === 'expired') return 'expired';
  if (status === 'cancelled') return 'cancelled';
  if (status === 'processing') {
    if (attempt?.method === 'mobile_money' && attempt.status === 'processing') {
      return view === 'mobile_money_form' ? 'mobile_money_form' : 'approve';
    }
    if (attempt?.method === 'bank_transfer' || session.checkout.payment_method === 'bank_transfer')
      return 'bank_waiting';
    return 'confirming';
  }
  if (session.methods.length === 0) return 'no_methods';
  const only = onlyMethod(session);
  if (view === 'mobile_money_form' && session.methods.some((m) => m.method === 'mobile_money'))
    return 'mobile_money_form';
  if (view === 'choose' && only?.method !== 'bank_transfer') return 'choose';
  if (status === 'failed') return 'failed';
  if (status === 'timeout') return 'timeout';
  if (status === 'awaiting_payment_initiation' && attempt?.status === 'awaiting_transfer' && attempt.bank_account)
    return 'bank_details';
  if (only?.method === 'mobile_money') return 'mobile_money_form';
  // One way to pay: fetch its details at once, no "show the details" step.
  if (only?.method === 'bank_transfer') return 'bank_preparing';
  return 'choose';
}

export function failureText(t: Translate, attempt: Attempt | null, session: Session): string[] {
  const code = attempt?.failure_code;
  if (session.checkout.approval_status === 'rejected' || code === 'rejected') {
    const lines = [t('failure_rejected')];
    if (attempt?.failure_message) lines.push(t('failure_reason', { reason: attempt.failure_message }));
    return lines;
  }
  if (code === 'declined') return [t('failure_declined'), t('failure_no_money_moved')];
  if (code === 'insufficient_funds') return [t('failure_insufficient_funds'), t('failure_no_money_moved')];
  if (code === 'no_answer' || session.checkout.status === 'timeout') return [t('failure_no_answer')];
  return [attempt?.failure_message ? attempt.failure_message : t('failure_generic')];
}

/**
 * A definite "no" from the customer's wallet (declined, not enough money): nothing moved, so no
 * "don't pay twice" warning. Time-outs and rejected transfers keep it: money may have left.
 */
export function noMoneyMoved(attempt: Attempt | null, session: Session): boolean {
  if (session.checkout.status !== 'failed' || session.checkout.approval_status === 'rejected') return false;
  return (
    attempt?.method === 'mobile_money' &&
    (attempt.failure_code === 'declined' || attempt.failure_code === 'insufficient_funds')
  );
}

export const mobileNetworks = (session: Session): Network[] =>
  session.methods.find((m) => m.method === 'mobile_money')?.networks ?? [];

/** A network is offered per country (Orange Money in Senegal and in Mali are two choices). */
export const networkKey = (network: Pick<Network, 'id' | 'country'>) => `${network.id}:${network.country}`;

/** The offered network an attempt went to: by id, and by the country code its (masked) number starts with. */
export function attemptNetwork(session: Session, attempt: Attempt | null): Network | undefined {
  if (!attempt?.network) return undefined;
  const candidates = mobileNetworks(session).filter((n) => n.id === attempt.network);
  return candidates.find((n) => attempt.phone?.startsWith(`+${n.country_calling_code}`)) ?? candidates[0];
}

/**
 * "Orange Money · Sénégal" where the currency's networks span several countries (XOF), else the
 * network's own name. Country names come from the browser (Intl.DisplayNames), in the page's language.
 */
export function networkName(network: Network, all: Network[], locale: string): string {
  if (new Set(all.map((n) => n.country)).size < 2) return network.label;
  let country: string = network.country;
  try {
    country = new Intl.DisplayNames([locale], { type: 'region' }).of(network.country) ?? network.country;
  } catch {
    // an old browser without DisplayNames: the ISO code is still a clue
  }
  return `${network.label} · ${country}`;
}

/**
 * A number read for an offered network, as the server reads it: the server's function
 * (lib/rails/mobile-number.ts) with the rule the session carries for the network; a number of another
 * network on offer in the same country is named by it.
 */
export function readOfferedNumber(raw: string, network: Network, offered: Network[]) {
  const rule = network.number_rule;
  const neighbours = offered
    .filter((n) => n.country === network.country)
    .map((n) => ({ label: n.label, prefixes: n.number_rule.prefixes }));
  return readNumberByRule(
    raw,
    {
      callingCode: network.country_calling_code,
      nationalDigits: rule.national_digits,
      trunkPrefix: rule.trunk_prefix,
      prefixes: rule.prefixes,
    },
    neighbours,
  );
}

/** The page's own check of a mobile-money number, worded for the customer. Null when the number is fine. */
export function phoneProblem(t: Translate, raw: string, network: Network, offered: Network[]): string | null {
  const read = readOfferedNumber(raw, network, offered);
  if (!('problem' in read)) return null;
  const { problem } = read;
  if (problem.kind === 'other_network' && problem.belongsTo) {
    return t('phone_other_network', { owner: problem.belongsTo, network: network.label });
  }
  if (problem.kind === 'other_country')
    return t('phone_other_country', {
      code: ltrText(`+${network.country_calling_code}`),
      example: ltrText(network.example),
    });
  return t('phone_invalid', { network: network.label, example: ltrText(network.example) });
}

/** Screens that end the payment say who to contact in the screen itself (the footer then does not repeat it). */
export function contactOnScreen(screen: Screen, session: Session): boolean {
  if (screen === 'paid') return !safeRedirect(session.success_redirect_url);
  return (['failed', 'timeout', 'expired', 'cancelled', 'no_methods'] as Screen[]).includes(screen);
}

/** Where a paid customer may be sent: http(s) only. */
export function safeRedirect(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** `+233 ••• ••• 456` stays on one line. */
export const nowrap = (text: string) => text.replace(/ /g, '\u00a0');
/** A phone number, reference or code in plain text (a hint, an announcement): kept left to right in an Arabic sentence. */
export const ltrText = (text: string) => `\u2066${text}\u2069`;

export const canExpire = (session: Session) => EXPIRABLE.includes(session.checkout.status);
