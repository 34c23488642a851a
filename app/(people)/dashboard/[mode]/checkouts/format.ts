import type { CheckoutStatus } from '@/lib/platform/vocabulary';
import type { PeopleLocale } from '@/lib/platform/i18n/locale';
import ui from '../ui.module.css';
import { money as moneyIn } from '../../../ui/format';

/**
 * How the Checkouts pages write amounts and moments: in the page's language, with the currency's
 * code (as the API names it), and dates in UTC like every timestamp the API gives.
 */
export function formatsOf(locale: PeopleLocale) {
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const moments = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  return {
    money: moneyIn(locale),
    date: (at: string | Date) => `${dates.format(new Date(at))} UTC`,
    moment: (at: string | Date) => `${moments.format(new Date(at))} UTC`,
  };
}

const GOOD: readonly CheckoutStatus[] = ['paid', 'completed'];
const BAD: readonly CheckoutStatus[] = ['failed', 'cancelled', 'expired', 'timeout'];

/** The badge of a status: green once paid, red when it can no longer be, grey while it is open. */
export const statusBadge = (status: CheckoutStatus) =>
  GOOD.includes(status) ? ui.good : BAD.includes(status) ? ui.bad : ui.badge;
