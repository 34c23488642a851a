import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimalText } from '../../lib/platform/money/format';
import { escapeHtml, oneLine, renderMail } from '../../lib/merchants/mail/layout';

const brand = { name: 'Ama & <Co>', primaryColor: '#1A7F37', textColor: '#FFFFFF', supportEmail: null };
const notice = {
  subject: 'Your receipt',
  heading: 'Payment received',
  intro: 'Thank you, <img src=x onerror=alert(1)>.',
  rows: [['Amount', 'GHS 1.00']] as [string, string][],
};

describe('money in mail', () => {
  it('amounts from exact minor units, in the language, whatever their size', () => {
    expect(minorToDecimalText(12550n, 'GHS')).toBe('125.50');
    expect(minorToDecimalText(5n, 'GHS')).toBe('0.05');
    expect(minorToDecimalText(1500n, 'XOF')).toBe('1500');
    // Beyond a double's exact integers: no float ever holds it.
    expect(formatMoney(99_999_999_999_999n, 'GHS', 'en')).toBe('GHS\u00a0999,999,999,999.99');
    expect(formatMoney(1_234_567n, 'GHS', 'fr')).toBe('12\u202f345,67\u00a0GHS');
    expect(formatMoney(1500n, 'XOF', 'fr')).toBe('1\u202f500\u00a0XOF');
  });
});

describe('the mail layout', () => {
  it('escapes names in HTML and keeps subjects on one line (no header injection)', () => {
    expect(escapeHtml(`<a href="x">'&`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;');
    expect(oneLine('Shop\r\nBcc: victim@example.com\u2028x')).toBe('Shop Bcc: victim@example.com x');
    const mail = renderMail(
      { ...notice, subject: 'Receipt from Shop\r\nBcc: victim@example.com' },
      { ...brand, name: 'Shop\nX-Evil: 1' },
      { locale: 'en', test: false, team: false },
    );
    expect(mail.subject).toBe('Receipt from Shop Bcc: victim@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('"[Test]" in test mode only; a colour that is not a hex colour is not written', () => {
    const test = renderMail(notice, brand, { locale: 'fr', test: true, team: false });
    expect(test.subject).toBe('[Test] Your receipt');
    expect(test.text).toContain('Mode test');
    const live = renderMail(
      notice,
      { ...brand, primaryColor: 'red;background:url(x)' },
      {
        locale: 'en',
        test: false,
        team: true,
      },
    );
    expect(live.subject).toBe('Your receipt');
    expect(`${live.text}${live.html}`).not.toMatch(/test/i);
    expect(live.html).not.toContain('url(x)');
    expect(live.html).toContain('Ama &#38; &#60;Co&#62;');
    expect(live.text).toContain('notification settings');
  });
});
