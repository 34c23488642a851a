import crypto from 'node:crypto';

/**
 * An embed session's public token: `pk_embed_` and 256 random bits (base64url). It is published in
 * the merchant's HTML, so it is not a secret; it only has to be unguessable, so that nobody can
 * enumerate buttons, and well-formed, so that junk is refused before any database read.
 */
export const EMBED_TOKEN_PREFIX = 'pk_embed_';
const TOKEN_PATTERN = /^pk_embed_[A-Za-z0-9_-]{43}$/;

export const newEmbedToken = () => `${EMBED_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
export const isWellFormedEmbedToken = (value: string) => TOKEN_PATTERN.test(value);
