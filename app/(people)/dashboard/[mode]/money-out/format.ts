import type { NetworkProvider } from '@/lib/platform/vocabulary';
import type { MoneyOutWords } from '@/lib/surfaces/dashboard/copy/money-out';
import { money, when } from '../../../ui/format';

/** Money and dates in the page's language; amounts are the API's major-unit numbers, shown as they are. */
export function formatters(locale: string) {
  return { money: money(locale), when: when(locale) };
}

/** The networks' own names (the same in every language). */
export const NETWORK_LABELS: Record<NetworkProvider, string> = {
  mtn_momo: 'MTN MoMo',
  mpesa: 'M-Pesa',
  orange_money: 'Orange Money',
  vodafone_cash: 'Telecel Cash',
  airtel_money: 'Airtel Money',
};

/** A withdrawal's capitals (`PENDING`) and a payout's lowercase, in words. */
export const statusWord = (words: MoneyOutWords, status: string) =>
  words[`status_${status.toLowerCase()}` as keyof MoneyOutWords] ?? status;

export const statusBadge = (status: string) => {
  const s = status.toLowerCase();
  return s === 'completed' ? 'good' : s === 'failed' || s === 'reversed' ? 'bad' : 'badge';
};
