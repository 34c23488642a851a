import { directionOf, isPeopleLocale, type Locale } from '../../platform/i18n/locale';
import { MAIL_WORDS, type MailBrand, type Notice } from './words';
import { customerWords } from './customer-mail';
import { isolated } from '../../platform/http/isolated';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Text for HTML: the merchant's and the customer's names are their own input. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One line of text: no line breaks or other control characters (a subject is a mail header). */
export const oneLine = (value: string): string =>
  value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ') // not every space: an amount keeps its no-break space
    .trim();

const HEX = /^#[0-9a-f]{6}$/i;
const colour = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

/**
 * A notice as a mail: subject ("[Test] " first in test mode, never in live), a plain-text part and an
 * HTML part in the merchant's colours. Every value is escaped here, once.
 */
export function renderMail(
  notice: Notice,
  brand: MailBrand,
  options: { locale: Locale; test: boolean; team: boolean },
): RenderedMail {
  const name = oneLine(brand.name);
  const words = chromeOf(options, name);
  const subject = oneLine(`${options.test ? `${words.test} ` : ''}${notice.subject}`).slice(0, 250);
  const { footer } = words;
  const dir = directionOf(options.locale);
  // Mail clients know little CSS: sides are written out, not logical.
  const start = dir === 'rtl' ? 'right' : 'left';

  const text = [
    name,
    '',
    ...(options.test ? [words.test_banner, ''] : []),
    notice.heading,
    '',
    notice.intro,
    '',
    ...notice.rows.map(([label, value]) => words.labelValue(label, oneLine(value))),
    ...(notice.note ? ['', notice.note] : []),
    ...(notice.link ? ['', `${notice.link.label}: ${notice.link.url}`] : []),
    '',
    '--',
    footer,
    '',
  ].join('\n');

  const primary = colour(brand.primaryColor, '#1f2937');
  const onPrimary = colour(brand.textColor, '#ffffff');
  const rows = notice.rows
    .map(
      ([label, value]) =>
        `<tr><th align="${start}" style="padding:${dir === 'rtl' ? '6px 0 6px 12px' : '6px 12px 6px 0'};color:#4b5563;font-weight:normal">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0"><bdi>${escapeHtml(oneLine(value))}</bdi></td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="${options.locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${primary};color:${onPrimary};padding:16px 24px;font-size:18px;font-weight:600"><bdi>${escapeHtml(name)}</bdi></td></tr>
${options.test ? `<tr><td style="background:#fef3c7;color:#92400e;padding:8px 24px;font-size:14px">${escapeHtml(words.test_banner)}</td></tr>` : ''}
<tr><td style="padding:24px">
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(notice.heading)}</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(notice.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px">${rows}</table>
${notice.note ? `<p style="margin:16px 0 0;line-height:1.5">${escapeHtml(notice.note)}</p>` : ''}
${notice.link ? `<p style="margin:20px 0 0"><a href="${escapeHtml(notice.link.url)}" style="display:inline-block;background:${primary};color:${onPrimary};padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(notice.link.label)}</a></p>` : ''}
</td></tr>
<tr><td style="padding:12px 24px;border-top:1px solid #e5e7eb;color:#6b7280;font-size:13px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table>
</body></html>
`;
  return { subject, text, html };
}

/** The words around a notice: the team's from MAIL_WORDS, the customer's from the page's catalogue. */
function chromeOf(options: { locale: Locale; team: boolean }, merchant: string) {
  if (options.team) {
    const words = MAIL_WORDS[isPeopleLocale(options.locale) ? options.locale : 'en'];
    return {
      test: words.test,
      test_banner: words.test_banner,
      footer: words.team_footer,
      labelValue: (label: string, value: string) => `${label}${words.colon}${value}`,
    };
  }
  const t = customerWords(options.locale);
  return {
    test: t('mail_test'),
    test_banner: t('mail_test_banner'),
    footer: t('mail_footer', { merchant: isolated(merchant) }),
    labelValue: (label: string, value: string) => t('mail_label_value', { label, value }),
  };
}
