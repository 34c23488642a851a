import { z } from 'zod';
import { documentedAlso } from '../documented';

/**
 * A text the request must carry: trimmed, then 1 to `max` characters. The document adds `pattern: \S`
 * (something besides spaces), which is what "not empty once trimmed" means to a client.
 */
export function requiredText(max: number, messages: { type?: string; empty?: string } = {}) {
  return documentedAlso(
    z
      .string({ error: messages.type ?? 'must be a string' })
      .trim()
      .min(1, messages.empty ?? 'must not be empty')
      .max(max, `must be at most ${max} characters`),
    { pattern: '\\S' },
  );
}
