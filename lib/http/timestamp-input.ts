import { z } from 'zod';

/** The moments a request may name: PostgreSQL has no year 0, and nothing here is before 1970 or after 9999. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * An ISO 8601 date-time in a request (`2026-11-23T10:15:30Z`, or with an offset; UTC when it has
 * neither), as a Date within 1970…9999.
 */
export const timestampInput = z.iso
  .datetime({ offset: true, local: true, error: 'must be an ISO 8601 date-time' })
  .transform((v) => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`))
  .refine((d) => d.getTime() >= EARLIEST && d.getTime() <= LATEST, 'must be between 1970 and 9999');
