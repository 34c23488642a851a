import type { DayVolume } from '@/lib/surfaces/dashboard/views/home';
import { fill } from '@/lib/surfaces/dashboard/copy';
import type { HomeWords } from '@/lib/surfaces/dashboard/copy/home';
import styles from './ui.module.css';

/**
 * Money received per day as bars, drawn on the server as SVG: no chart library and no JavaScript on
 * the page for one small chart. Screen readers get its summary, and everyone the same numbers as a
 * table under "Show as a table".
 */
export function VolumeChart({
  days,
  volume,
  words,
  locale,
}: {
  days: string[];
  volume: DayVolume[];
  words: HomeWords;
  locale: string;
}) {
  // The currency with the most payments is the one drawn; the table lists every currency.
  const byCurrency = new Map<string, number>();
  for (const v of volume) byCurrency.set(v.currency, (byCurrency.get(v.currency) ?? 0) + v.payments);
  const currency = [...byCurrency].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!currency) return <p className={styles.empty}>{words.no_volume}</p>;
  const money = (n: number, c = currency) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: c, currencyDisplay: 'code' }).format(n);
  const amounts = days.map((d) => volume.find((v) => v.day === d && v.currency === currency)?.amount ?? 0);
  const max = Math.max(...amounts, 1);
  const total = amounts.reduce((a, b) => a + b, 0);
  const count = volume.filter((v) => v.currency === currency).reduce((a, v) => a + v.payments, 0);
  const [width, height, gap] = [days.length * 20, 100, 4];
  const dayLabel = (d: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(d));
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={fill(words.volume_chart, { currency, total: money(total), count })}
        preserveAspectRatio="none"
      >
        {amounts.map((a, i) => {
          const h = Math.max((a / max) * (height - 2), a > 0 ? 2 : 0);
          return <rect key={days[i]} x={i * 20 + gap / 2} y={height - h} width={20 - gap} height={h} fill="#1d4ed8" />;
        })}
      </svg>
      <figcaption className={styles.row}>
        <span>{dayLabel(days[0]!)}</span>
        <span style={{ marginLeft: 'auto' }}>{dayLabel(days[days.length - 1]!)}</span>
      </figcaption>
      <details>
        <summary>{words.show_table}</summary>
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={words.volume}>
          <table className={styles.table}>
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
              {volume.map((v) => (
                <tr key={`${v.day}-${v.currency}`}>
                  <th scope="row">{dayLabel(v.day)}</th>
                  <td className={styles.num}>{money(v.amount, v.currency)}</td>
                  <td className={styles.num}>{v.payments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
