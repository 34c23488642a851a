/**
 * A brand colour as stored and accepted: `#` and six hex digits. A module of its own so that the hosted
 * page's JavaScript takes the pattern without the contrast arithmetic of colour.ts.
 */
export const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;
