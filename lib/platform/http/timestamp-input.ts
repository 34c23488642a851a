import { z } from 'zod';
import { documentedAlso } from '../documented';

/** The moments a request may name: PostgreSQL has no year 0, and nothing here is before 1970 or after 9999. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * An ISO 8601 date-time in a request (`2026-11-23T10:15:30Z`, or with an offset; UTC when it has
 * neither), as a Date within 1970…9999.
 */
const inRange = (d: Date) => d.getTime() >= EARLIEST && d.getTime() <= LATEST;
const asUtc = (v: string) => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`);

/**
 * `inRange` as the document can say it: a year from 1970 to 9999, leaving out the first and last day,
 * which an offset of up to 14 hours can carry across either end.
 */
const FROM_1970 = { allOf: [{ pattern: '^(?!1970-01-01|9999-12-31)(?:19[7-9][0-9]|[2-9][0-9]{3})-' }] };

export const timestampInput = documentedAlso(
  z.iso
    .datetime({ offset: true, local: true, error: 'must be an ISO 8601 date-time' })
    .transform(asUtc)
    .refine(inRange, 'must be between 1970 and 9999'),
  FROM_1970,
);

/**
 * A bound of a date range in a query (`created_from`, `created_to`): a date-time as `timestampInput`
 * reads it, or a bare date (`2026-11-24`) meaning the start of that UTC day (`edge` = 'start') or its
 * last millisecond (`edge` = 'end'), so `from=2026-11-24&to=2026-11-24` is that whole day.
 */
export const rangeBoundInput = (edge: 'start' | 'end') =>
  z.union(
    [
      documentedAlso(
        z.iso
          .date({ error: 'must be a date (2026-11-24) or a UTC date-time (2026-11-24T09:30:00)' })
          .transform((v) => new Date(`${v}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`))
          .refine(inRange, 'must be between 1970 and 9999'),
        FROM_1970,
      ),
      timestampInput,
    ],
    { error: 'must be a date (2026-11-24) or a UTC date-time (2026-11-24T09:30:00)' },
  );
