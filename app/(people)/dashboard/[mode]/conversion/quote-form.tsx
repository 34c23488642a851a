'use client';

import type { ConversionQuote } from '@/lib/books/conversion/contract';
import type { ConversionWords } from '@/lib/surfaces/dashboard/copy/conversion';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { ActionForm, Outcome, useDashboardAction } from '../action-form';
import styles from '../ui.module.css';
import { money as moneyIn } from '../../../ui/format';
import { CurrencyField, TextField } from '../../../ui/field';

/** A quote asked for, then shown with its rate, fee and expiry, and the button that converts with it. */
export function QuoteForm(props: {
  mode: string;
  words: ConversionWords;
  shell: ShellWords;
  currencies: readonly string[];
  locale: string;
}) {
  const { words, shell, locale } = props;
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<ConversionQuote>(
    'createConversionQuote',
    {
      // The quote shows under the form: what it was asked for stays in it.
      resetOnSuccess: false,
    },
  );
  const money = moneyIn(locale);
  const quote = outcome?.ok ? outcome.data : null;
  return (
    <>
      <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.filters}>
        <input type="hidden" name="mode" value={props.mode} />
        {(['from_currency', 'to_currency'] as const).map((name, i) => (
          <CurrencyField
            key={name}
            id={name}
            name={name}
            label={i === 0 ? words.from : words.to}
            defaultValue={props.currencies[i]}
            currencies={props.currencies}
          />
        ))}
        <TextField id="amount" label={words.amount} name="amount" inputMode="decimal" required />
        <button className={styles.button} type="submit" disabled={pending}>
          {words.quote}
        </button>
      </form>
      <Outcome outcome={outcome} words={shell} success={null} />
      {quote && (
        <div className={styles.section} data-testid="quote">
          <dl className={styles.facts}>
            <dt>{words.you_pay}</dt>
            <dd>{money(quote.from_amount, quote.from_currency)}</dd>
            <dt>{words.fee}</dt>
            <dd>{money(quote.fee_amount, quote.from_currency)}</dd>
            <dt>{words.rate}</dt>
            <dd>
              1 {quote.from_currency} = {quote.rate} {quote.to_currency}
            </dd>
            <dt>{words.you_get}</dt>
            <dd>
              <strong>{money(quote.to_amount, quote.to_currency)}</strong>
            </dd>
            <dt>{words.until}</dt>
            <dd>{new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(quote.expires_at))}</dd>
          </dl>
          <ActionForm
            key={quote.quote_id}
            name="convertCurrency"
            mode={props.mode}
            words={shell}
            submit={words.convert}
            hidden={{ quote_id: quote.quote_id }}
            success={words.converted}
          />
        </div>
      )}
    </>
  );
}
