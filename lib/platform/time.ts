/**
 * Timestamps leave the API as ISO 8601 in UTC without a zone offset (spec 2.1), e.g.
 * `2026-11-23T10:15:30.123`. Inside, they are Dates / timestamptz.
 */
export function formatTimestamp(date: Date): string;
export function formatTimestamp(date: Date | null | undefined): string | null;
export function formatTimestamp(date: Date | null | undefined): string | null {
  return date ? date.toISOString().replace(/Z$/, '') : null;
}
