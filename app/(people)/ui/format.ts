/**
 * Money and moments in the page's language. Amounts are the API's major-unit numbers (exact: built
 * from minor units by lib), written with the currency's code as the API names it.
 */
export const money = (locale: string) => {
  return (amount: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);
};

/** A date and time to the minute, in the reader's time zone. */
export const when = (locale: string) => {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (at: string | Date) => format.format(new Date(at));
};
