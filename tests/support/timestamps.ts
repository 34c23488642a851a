/**
 * Spec 2.1: every timestamp the API writes is ISO 8601 in UTC without a zone (`2026-11-23T10:15:30.123`).
 * `timestampProblems` walks a response body, an event payload or a webhook delivery and lists every
 * string that looks like a date-time but is written another way (`…Z`, `+00:00`, a space for `T`).
 * What merchants stored themselves (meta_data and other free-form objects) is theirs, not checked.
 */
// The whole string: a sentence that starts with a date-time (a 422 repeating the client's input) is prose.
const LOOKS_LIKE_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}[\d:.,]*(Z|[+-]\d{2}(:?\d{2})?)?$/;
const SPEC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;
const MERCHANT_OWNED = new Set(['meta_data', 'provider_metadata', 'api_key_metadata', 'metadata']);

export function timestampProblems(value: unknown): string[] {
  const problems: string[] = [];
  const stack: [unknown, string][] = [[value, '$']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (LOOKS_LIKE_DATE_TIME.test(node) && !SPEC_TIMESTAMP.test(node)) problems.push(`${path} = ${node}`);
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, `${path}[${i}]`]));
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node))
        if (!MERCHANT_OWNED.has(key)) stack.push([item, `${path}.${key}`]);
    }
  }
  return problems;
}

/** Throws when `value` holds a timestamp in another format than spec 2.1's. */
export function checkTimestamps(value: unknown, what: string): void {
  const problems = timestampProblems(value);
  if (problems.length)
    throw new Error(`${what}: timestamps must be UTC without a zone (spec 2.1): ${problems.join('; ')}`);
}
