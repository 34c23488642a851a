import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';

/** proxy.ts remembers a customer's language choice for one checkout, and only on a well-formed path. */
describe('the language cookie', () => {
  const cookieOf = (url: string) => proxy(new NextRequest(url)).headers.get('set-cookie');

  it('is scoped to the checkout’s own path, HttpOnly and SameSite=Lax', () => {
    const cookie = cookieOf('http://pay.test/pay/PAY-0123456789ABCDEF?locale=ar');
    expect(cookie).toMatch(/^checkout_locale=ar; Path=\/pay\/PAY-0123456789ABCDEF;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
  });

  it('is never set from a path that could carry cookie attributes, nor for a language the catalogue lacks', () => {
    expect(cookieOf('http://pay.test/pay/x;Domain=evil.test?locale=ar')).toBeNull();
    expect(cookieOf('http://pay.test/pay/PAY-0123456789ABCDEF?locale=de')).toBeNull();
    expect(cookieOf('http://pay.test/dashboard/test?locale=ar')).toBeNull();
  });
});
