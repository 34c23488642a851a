import fs from 'node:fs';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sendRequest } from '../support/api';

/**
 * Some paths are credentials: a rail's callback address, better-auth's password-reset link. The
 * request line logs them masked (lib/platform/http/logged-path.ts), whatever the request's outcome.
 * (After the run, tests/support/log-secrets.ts also fails the suite on any such token in the log.)
 */
const logLinesOf = (requestId: string) =>
  fs
    .readFileSync(process.env.LOG_FILE!, 'utf8')
    .split('\n')
    .filter((line) => line.includes(requestId));

async function loggedRequest(method: string, path: string, body?: unknown) {
  const requestId = `log-path-${crypto.randomUUID()}`;
  const answer = await sendRequest(method, path, { headers: { 'x-request-id': requestId }, body });
  const lines = logLinesOf(requestId);
  expect(lines).toHaveLength(1);
  return { answer, line: lines[0]!, logged: JSON.parse(lines[0]!) as Record<string, unknown> };
}

const railToken = () => `${crypto.randomUUID()}.${crypto.randomBytes(20).toString('hex')}`;

describe('the request log line never holds a token from the path', () => {
  it.each([
    ['POST', '/api/rails/mobile-money/callbacks'],
    ['PUT', '/api/rails/mobile-money/callbacks'],
    ['POST', '/api/rails/payouts/callbacks'],
    ['POST', '/api/rails/payouts/statuses'],
  ])('%s %s/{token}', async (method, prefix) => {
    const token = railToken();
    const { line, logged } = await loggedRequest(method, `${prefix}/${token}`, { status: 'SUCCESSFUL' });
    expect(logged).toMatchObject({ msg: 'request', path: `${prefix}/[redacted]`, route: `${prefix}/[token]` });
    expect(line).not.toContain(token);
    expect(line).not.toContain(token.split('.')[1]);
  });

  it('a method the route does not serve, and a longer path under it, are masked too', async () => {
    const token = railToken();
    const refused = await loggedRequest('GET', `/api/rails/payouts/callbacks/${token}`);
    expect(refused.answer.status).toBe(405);
    expect(refused.logged.path).toBe('/api/rails/payouts/callbacks/[redacted]');
    const deeper = await loggedRequest('POST', `/api/rails/payouts/callbacks/${token}/again`);
    expect(deeper.answer.status).toBe(404);
    expect(deeper.logged).toMatchObject({ path: '/api/rails/payouts/callbacks/[redacted]' });
    for (const { line } of [refused, deeper]) expect(line).not.toContain(token);
  });

  it("better-auth's password-reset link: /api/auth/reset-password/{token}", async () => {
    const token = crypto.randomBytes(12).toString('base64url');
    const { line, logged } = await loggedRequest(
      'GET',
      `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
    );
    expect(logged).toMatchObject({
      path: '/api/auth/reset-password/[redacted]',
      route: '/api/auth/reset-password/[redacted]',
    });
    expect(line).not.toContain(token);
    // Query strings are never logged.
    expect(line).not.toContain('callbackURL');
  });
});
