/**
 * Timestamps leave the API as ISO 8601 in UTC without a zone offset (spec 2.1), e.g.
 * `2026-11-23T10:15:30.123`. Inside, they are Dates / timestamptz.
 */
export function formatTimestamp(date: Date): string;
export function formatTimestamp(date: Date | null | undefined): string | null;
export function formatTimestamp(date: Date | null | undefined): string | null {
  // toISOString always ends in Z; slicing it off is cheaper than a replace (many per listed page).
  return date ? date.toISOString().slice(0, -1) : null;
}
