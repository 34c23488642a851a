import type { PaymentLinkView } from '@/lib/checkout/links/contract';
import { fill } from '@/lib/surfaces/dashboard/copy';
import type { PaymentLinksWords } from '@/lib/surfaces/dashboard/copy/payment-links';
import { money } from '../../../ui/format';

/** A link's amount as the owner reads it: "GHS 40.00", or the customer's choice and its bounds. */
export function amountText(link: PaymentLinkView, words: PaymentLinksWords, locale: string): string {
  const format = money(locale);
  const of = (amount: number) => format(amount, link.currency_code);
  if (link.amount !== null) return of(link.amount);
  const { min_amount: min, max_amount: max } = link;
  const bounds =
    min !== null && max !== null
      ? fill(words.between, { min: of(min), max: of(max) })
      : min !== null
        ? fill(words.at_least, { min: of(min) })
        : max !== null
          ? fill(words.at_most, { max: of(max) })
          : link.currency_code;
  return `${words.customer_chooses} (${bounds})`;
}
