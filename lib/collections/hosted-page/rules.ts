/**
 * Rules the hosted page and the server both apply, in a module with no server-only imports so the
 * page's bundle can take it: one value, one place.
 */

/** A live mobile-money prompt may be replaced (sent again, another number) once it is this old. */
export const PROMPT_RESEND_AFTER_SECONDS = 30;
