import type { CurrencySeries, HomePeriod } from '@/lib/surfaces/dashboard/views/home';
import { HOME_PERIODS } from '@/lib/surfaces/dashboard/views/home';
import { fill } from '@/lib/surfaces/dashboard/copy';
import type { HomeWords } from '@/lib/surfaces/dashboard/copy/home';
import styles from './ui.module.css';

/**
 * Money received per day, one chart per currency (amounts in two currencies are never added or put in
 * one bar), drawn on the server as SVG: no chart library and no JavaScript on the page. The axes are
 * HTML beside the drawing, so their text stays readable however wide the screen; screen readers get
 * each chart's summary, and everyone the same numbers as a table under "Show as a table".
 */
export function VolumeChart({
  series,
  period,
  words,
  locale,
}: {
  series: CurrencySeries[];
  period: HomePeriod;
  words: HomeWords;
  locale: string;
}) {
  if (series.length === 0) return <p className={styles.empty}>{fill(words.no_volume, { days: period })}</p>;
  const dayLabel = (d: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(d));
  const money = (n: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(n);
  return (
    <>
      {series.map((s) => (
        <CurrencyChart
          key={s.currency}
          series={s}
          period={period}
          words={words}
          dayLabel={dayLabel}
          money={money}
          locale={locale}
        />
      ))}
      <details className={styles.chartTable}>
        <summary>{words.show_table}</summary>
        {series.map((s) => (
          <div
            key={s.currency}
            className={styles.tableWrap}
            tabIndex={0}
            role="region"
            aria-label={fill(words.volume_total, {
              total: money(s.total, s.currency),
              payments: paymentsIn(words, s.payments),
            })}
          >
            <table className={styles.table}>
              <caption className={styles.caption}>
                {fill(words.volume_total, {
                  total: money(s.total, s.currency),
                  payments: paymentsIn(words, s.payments),
                })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{words.day}</th>
                  <th scope="col" className={styles.num}>
                    {words.amount}
                  </th>
                  <th scope="col" className={styles.num}>
                    {words.payments}
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.days
                  .filter((d) => d.payments > 0)
                  .map((d) => (
                    <tr key={d.day}>
                      <th scope="row">{dayLabel(d.day)}</th>
                      <td className={styles.num}>{money(d.amount, s.currency)}</td>
                      <td className={styles.num}>{d.payments}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        ))}
      </details>
    </>
  );
}

/** The period offered as links (`?days=`), the one shown marked. */
export function PeriodChoice({ base, period, words }: { base: string; period: HomePeriod; words: HomeWords }) {
  return (
    <nav aria-label={words.period} className={styles.periods}>
      {HOME_PERIODS.map((p) => (
        <a
          key={p}
          href={`${base}?days=${p}`}
          className={styles.period}
          aria-current={p === period ? 'page' : undefined}
        >
          {fill(words.period_days, { days: p })}
        </a>
      ))}
    </nav>
  );
}

const paymentsIn = (words: HomeWords, count: number) =>
  count === 1 ? words.payments_one : fill(words.payments_many, { count });

/** The top of the amount axis: 1, 2, 2.5 or 5 times a power of ten, at or above the largest day. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((v) => v >= max) ?? 10 * power;
}

function CurrencyChart({
  series,
  period,
  words,
  dayLabel,
  money,
  locale,
}: {
  series: CurrencySeries;
  period: HomePeriod;
  words: HomeWords;
  dayLabel: (d: string) => string;
  money: (n: number, currency: string) => string;
  locale: string;
}) {
  const top = niceCeiling(Math.max(...series.days.map((d) => d.amount)));
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const best = series.days.reduce((a, b) => (b.amount > a.amount ? b : a));
  const n = series.days.length;
  // Bars 10 units wide in a 100-unit-high drawing stretched to the box; gaps shrink with more days.
  const gap = n > 30 ? 2 : 3;
  // Dates under the axis: first, last and a few between, never crowded on a phone.
  const marks = [0, Math.round((n - 1) / 3), Math.round((2 * (n - 1)) / 3), n - 1];
  const total = money(series.total, series.currency);
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>
        {fill(words.volume_total, { total, payments: paymentsIn(words, series.payments) })}
      </figcaption>
      <div className={styles.plot}>
        <div className={styles.yAxis} aria-hidden="true">
          <span>{compact.format(top)}</span>
          <span>{compact.format(top / 2)}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${n * 10} 100`}
          role="img"
          aria-label={fill(words.volume_chart, {
            currency: series.currency,
            days: period,
            total,
            payments: paymentsIn(words, series.payments),
            best_day: dayLabel(best.day),
            best: money(best.amount, series.currency),
          })}
          preserveAspectRatio="none"
          data-currency={series.currency}
        >
          {[0, 50, 100].map((y) => (
            <line
              key={y}
              x1={0}
              x2={n * 10}
              y1={y}
              y2={y}
              stroke="#d1d5db"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {series.days.map((d, i) => {
            const h = d.amount > 0 ? Math.max((d.amount / top) * 100, 1.5) : 0;
            return (
              <rect key={d.day} x={i * 10 + gap / 2} y={100 - h} width={10 - gap} height={h} fill="#1d4ed8">
                <title>{`${dayLabel(d.day)}: ${money(d.amount, series.currency)}`}</title>
              </rect>
            );
          })}
        </svg>
        <div className={styles.xAxis} aria-hidden="true">
          {[...new Set(marks)].map((i) => (
            <span key={i}>{dayLabel(series.days[i]!.day)}</span>
          ))}
        </div>
      </div>
    </figure>
  );
}
