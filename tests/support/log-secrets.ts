import fs from 'node:fs';
import path from 'node:path';

/**
 * The integration run writes every log line of the app (LOG_FILE at LOG_FILE_LEVEL=debug, set by
 * tests/support/database-per-file.ts for each file and inherited by the worker processes tests
 * spawn). After the run, global-setup's teardown calls `findSecretsInLog`: any secret found fails the
 * run (`vitest run` exits non-zero) and is reported by line, never printed in full.
 */

/** The secrets every integration test file runs with (database-per-file.ts puts them in the environment). */
export const TEST_SECRETS = {
  CHECKOUT_TOKEN_SECRET: 'test-checkout-token-secret-0123456789abcdef',
  ADMIN_API_TOKEN: 'test-admin-token-0123456789abcdefghijklmnop',
  AUTH_SECRET: 'test-auth-secret-0123456789abcdefghijklmnopq',
  // Paystack is configured (its webhook route exists) but no live route goes to it; its API is a closed port.
  PAYSTACK_SECRET_KEY: 'sk_test_paystack0123456789abcdefXYZ',
};

interface Rule {
  what: string;
  pattern: RegExp;
}

const PATTERN_RULES: Rule[] = [
  // Any API key of the run (lib/access/api-key-format.ts): the display prefix is 4 characters, a key 49.
  { what: 'API key', pattern: /sk_(test|live)_[0-9A-Za-z]{12,}/g },
  { what: 'admin key', pattern: /\bak_[0-9A-Za-z]{12,}/g },
  // Webhook signing secrets; the `whsec_…abcd` hint is not one.
  { what: 'webhook secret', pattern: /whsec_[0-9A-Za-z+/_-]{8,}/g },
  // Embed session tokens (lib/checkout/embed/token.ts).
  { what: 'embed token', pattern: /pk_embed_[0-9A-Za-z_-]{12,}/g },
  // JWTs: checkout tokens.
  { what: 'JWT', pattern: /eyJ[0-9A-Za-z_-]{8,}/g },
  // A full phone number in E.164 form.
  { what: 'phone number', pattern: /(?<![\w.])\+\d(?:[ -]?\d){8,14}(?!\d)/g },
  // A rail's callback token (lib/rails/callback-address.ts): the id and its HMAC, anywhere.
  { what: 'rail callback token', pattern: /[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\.[0-9a-f]{40}/gi },
  // Whatever follows a path that carries a credential (lib/platform/http/logged-path.ts), unless masked.
  {
    what: 'secret in a path',
    pattern:
      /\/(?:api\/auth\/reset-password|api\/rails\/(?:mobile-money|payouts)\/(?:callbacks|statuses)|invitations)\/(?!\[redacted\]|\[token\])[^\s"/?\\]+/gi,
  },
  // A token in a query string (`/invitations/accept?token=…`, `/reset-password?token=…`): never logged.
  { what: 'token in a query string', pattern: /[?&]token=[^\s"&]{6,}/gi },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Phone numbers written in the tests and the sandbox (`+233244123456`, `0244123456`…), each an exact rule. */
export function phoneNumbersUsedByTests(root: string): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        for (const m of text.matchAll(/['"`](\+?\d{9,15})['"`]/g)) found.add(m[1]!);
      }
    }
  };
  for (const dir of ['tests', 'lib/sandbox', 'lib/rails']) {
    const full = path.join(root, dir);
    if (fs.existsSync(full)) visit(full);
  }
  return [...found].filter((n) => n.startsWith('+') || /^0[1-9]\d{8}$/.test(n) || /^2\d{11}$/.test(n));
}

export interface SecretFinding {
  line: number;
  what: string;
  /** The line around the secret, every secret in it cut to its first 6 characters. */
  excerpt: string;
}

export function findSecretsInLog(text: string, exact: { what: string; value: string }[]): SecretFinding[] {
  const rules: Rule[] = [
    ...PATTERN_RULES,
    ...exact
      .filter((e) => e.value.length >= 8)
      .map((e) => ({ what: e.what, pattern: new RegExp(`(?<![0-9A-Za-z])${escape(e.value)}(?![0-9A-Za-z])`, 'g') })),
  ];
  const findings: SecretFinding[] = [];
  text.split('\n').forEach((line, index) => {
    const kinds = new Map<string, number>();
    let masked = line;
    for (const rule of rules) {
      for (const match of line.matchAll(rule.pattern)) if (!kinds.has(rule.what)) kinds.set(rule.what, match.index);
      masked = masked.replace(rule.pattern, (m) => `${m.slice(0, 6)}…`);
    }
    for (const [what, at] of kinds) {
      const start = Math.max(0, Math.min(at, masked.length) - 80);
      findings.push({ line: index + 1, what, excerpt: masked.slice(start, start + 200) });
    }
  });
  return findings;
}

/** Throws (failing the run) when the captured log holds a secret; says where. */
export function checkLogForSecrets(file: string, extra: { what: string; value: string }[] = []): { lines: number } {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const lines = text ? text.split('\n').filter(Boolean).length : 0;
  const exact = [
    { what: 'ADMIN_API_TOKEN', value: TEST_SECRETS.ADMIN_API_TOKEN },
    { what: 'CHECKOUT_TOKEN_SECRET', value: TEST_SECRETS.CHECKOUT_TOKEN_SECRET },
    { what: 'AUTH_SECRET', value: TEST_SECRETS.AUTH_SECRET },
    ...phoneNumbersUsedByTests(process.cwd()).map((value) => ({ what: 'phone number', value })),
    ...extra,
  ];
  const findings = findSecretsInLog(text, exact);
  if (findings.length) {
    // A throwing global teardown is only reported by vitest ("error during close"), not counted: the
    // exit code is what makes `vitest run` (and so `npm test` and .ci/run) fail.
    process.exitCode = 1;
    const shown = findings.slice(0, 20).map((f) => `  ${file}:${f.line}: ${f.what}: ${f.excerpt}`);
    const more = findings.length > shown.length ? [`  … and ${findings.length - shown.length} more`] : [];
    throw new Error(
      `Secrets in the app's log during the integration run (${findings.length}):\n${[...shown, ...more].join('\n')}`,
    );
  }
  return { lines };
}
