import { ImageResponse } from 'next/og';
import { DEFAULT_PRIMARY_COLOR, readableTextColor } from '@/lib/merchants/branding/colour';
import { publicBrandFor } from '@/lib/collections/hosted-page/first-screen';

/**
 * The link preview: the merchant's name on its brand colour, nothing else (no amount, no customer
 * data). Text stays within Latin-1 so next/og's bundled font covers it and nothing is downloaded. The
 * name and the service's words are separate lines, and a name outside Latin-1 (a right-to-left
 * script, or a direction control such as a stored U+202E) gets the generic image: nothing here can be
 * reordered by a name.
 */
export const alt = 'Secure payment page';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';
export const dynamic = 'force-dynamic';

const LATIN_1 = /^[\u0020-\u007E\u00A0-\u00FF]*$/;

/** The name as the bundled font can draw it, or null (the generic image) when it cannot. */
function drawableName(name: string): string | null {
  const trimmed = name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u2033]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\u2026/g, '...');
  if (!trimmed) return null;
  if (LATIN_1.test(trimmed)) return trimmed;
  const stripped = trimmed.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return LATIN_1.test(stripped) ? stripped : null;
}

export default async function Image({ params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  const brand = await publicBrandFor(reference);
  const name = brand ? drawableName(brand.displayName) : null;
  const background = brand?.primaryColor ?? DEFAULT_PRIMARY_COLOR;
  const color = brand?.textColor ?? readableTextColor(background);
  const fontSize = !name ? 88 : name.length > 40 ? 64 : name.length > 22 ? 80 : 104;

  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        padding: '80px 96px',
        background,
        color,
      }}
    >
      <div style={{ display: 'flex', fontSize: 36, opacity: 0.85, marginBottom: 24 }}>
        {name ? 'Secure payment to' : 'Secure payment'}
      </div>
      <div style={{ display: 'flex', fontSize, fontWeight: 700, lineHeight: 1.1 }}>{name ?? 'Pay online'}</div>
      <div style={{ display: 'flex', width: 160, height: 10, marginTop: 48, background: color, opacity: 0.6 }} />
    </div>,
    { ...size, headers: { 'cache-control': 'public, max-age=300' } },
  );
}
