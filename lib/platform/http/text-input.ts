import { z } from 'zod';
import { documentedAlso } from '../documented';

/**
 * A text the request must carry: trimmed, then 1 to `max` characters, counted as people and
 * PostgreSQL count them (code points: an emoji is one, where `.length` says two). The document says
 * the same: `maxLength` counts code points, and `pattern: \S` (something besides spaces) is what "not
 * empty once trimmed" means to a client.
 */
export function requiredText(max: number, messages: { type?: string; empty?: string } = {}) {
  return documentedAlso(
    z
      .string({ error: messages.type ?? 'must be a string' })
      .trim()
      .min(1, messages.empty ?? 'must not be empty')
      .refine((text) => [...text].length <= max, `must be at most ${max} characters`),
    { maxLength: max, pattern: '\\S' },
  );
}
