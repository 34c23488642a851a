import type { Metadata } from 'next';
import { listConversions } from '@/lib/books/conversion/read';
import { listConversionsQuery } from '@/lib/books/conversion/input';
import { listWallets } from '@/lib/books/wallets/list-wallets';
import { CONVERSION_ACTIONS } from '@/lib/surfaces/dashboard/actions/conversion';
import { CONVERSION_COPY } from '@/lib/surfaces/dashboard/copy/conversion';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { pageLocale } from '../../../frame';
import { memberOf, shellWords } from '../member';
import { QuoteForm } from './quote-form';
import styles from '../ui.module.css';
import { DataTable } from '../../../ui/table';
import { money as moneyIn, when as whenIn } from '../../../ui/format';

export const metadata: Metadata = { title: 'Conversion' };

export default async function ConversionPage({ params }: { params: Promise<{ mode: string }> }) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = CONVERSION_COPY[locale];
  const shell = await shellWords();
  const [wallets, history] = await Promise.all([
    listWallets(ctx.db, ctx.tenant),
    listConversions(ctx.db, ctx.tenant, listConversionsQuery.parse({ size: '20' })),
  ]);
  const money = moneyIn(locale);
  const when = whenIn(locale);
  // The wallet holding the most comes first, so the form starts from money there is.
  const currencies = [...wallets]
    .sort((a, b) => Number(b.available_balance > 0) - Number(a.available_balance > 0))
    .map((w) => w.currency_name);
  return (
    <>
      <h1 className={styles.title}>{words.title}</h1>
      <p className={styles.lead}>{words.lead}</p>
      <section className={styles.section} aria-labelledby="quote-title">
        <h2 className={styles.sectionTitle} id="quote-title">
          {words.quote}
        </h2>
        <p className={styles.hint}>
          {words.available}:{' '}
          {wallets
            .filter((w) => w.available_balance > 0)
            .map((w) => money(w.available_balance, w.currency_name))
            .join(' · ') || '—'}
        </p>
        {allows(ctx.role, CONVERSION_ACTIONS.convertCurrency.allowed) && (
          <QuoteForm mode={ctx.mode} words={words} shell={shell} currencies={currencies} locale={locale} />
        )}
      </section>
      <section className={styles.section} aria-labelledby="history">
        <h2 className={styles.sectionTitle} id="history">
          {words.history}
        </h2>
        {history.data.length === 0 ? (
          <p className={styles.empty}>{words.none}</p>
        ) : (
          <DataTable
            label={words.history}
            columns={[
              words.when,
              { label: words.you_pay, numeric: true },
              { label: words.you_get, numeric: true },
              words.rate,
            ]}
          >
            {history.data.map((c) => (
              <tr key={c.conversion_id}>
                <th scope="row">{when(c.created_at)}</th>
                <td className={styles.num}>{money(c.from_amount, c.from_currency)}</td>
                <td className={styles.num}>{money(c.to_amount, c.to_currency)}</td>
                <td className={styles.mono}>{c.rate}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
