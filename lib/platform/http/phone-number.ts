import { z } from 'zod';
import { documentedAlso } from '../documented';

/**
 * Spaces, dashes, dots and parentheses removed: `+233 24-412 3456` → `+233244123456`. International
 * (`+` then 7–15 digits, no leading 0) or local (7–15 digits, often with a leading 0, as customers type
 * them); mobile-money payments later normalise to E.164 for the chosen network.
 */
const SEPARATORS = '[\\s\\-().]*';
export const phoneNumber = documentedAlso(
  z
    .string()
    .transform((v) => v.replace(/[\s\-().]/g, ''))
    .refine((v) => /^(\+[1-9]\d{6,14}|\d{7,15})$/.test(v), 'must be a phone number (7 to 15 digits, optional +)'),
  // The same rule on the text as typed: separators anywhere, a + only first.
  {
    pattern: `^${SEPARATORS}(?:\\+${SEPARATORS}[1-9](?:${SEPARATORS}\\d){6,14}|\\d(?:${SEPARATORS}\\d){6,14})${SEPARATORS}$`,
  },
);
