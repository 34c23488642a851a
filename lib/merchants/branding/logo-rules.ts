/**
 * What an uploaded logo may be, browser-safe (the editor checks the size before sending, the server
 * checks everything again): PNG, JPEG or WebP, told by its first bytes (never its name or the
 * browser's type: an SVG or an HTML file named .png would run as a page if served as what it says).
 */
export const MAX_LOGO_BYTES = 512 * 1024;

export const LOGO_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type LogoType = keyof typeof LOGO_TYPES;

/** Why a file is refused: the field error's message, which the editor words for the shop owner. */
export type LogoRefusal = 'empty' | 'too_large' | 'not_an_image';

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  bytes.length >= at + expected.length && expected.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the file's magic number says, or null for anything else (SVG, HTML, GIF…). */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp';
  return null;
}

export function logoRefusal(bytes: Uint8Array): LogoRefusal | null {
  if (bytes.length === 0) return 'empty';
  if (bytes.length > MAX_LOGO_BYTES) return 'too_large';
  return sniffLogoType(bytes) ? null : 'not_an_image';
}
