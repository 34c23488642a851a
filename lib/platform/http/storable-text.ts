/**
 * Text PostgreSQL can store and give back unchanged. NUL is refused by `text` and `jsonb` alike (a
 * 500 at insert time), and a UTF-16 surrogate without its pair has no UTF-8 form, so it cannot come
 * back as it went in. One rule for every string that enters: body values and keys (json-scan.ts),
 * query values and keys, path parameters (parse.ts).
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_MESSAGE = 'contains a character that cannot be stored (NUL or an unpaired UTF-16 surrogate)';

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);
