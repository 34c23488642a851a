import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testSql } from '../../support/database';
import { signedUpPerson } from '../../support/members';

/**
 * `npm run operator:create -- --promote` run for real (a child process on this file's database):
 * someone who signed up with a future operator's address first is not made an operator; the refusal
 * says when and how that account was made. A confirmed account is promoted.
 */
const sql = testSql();
const run = promisify(execFile);

async function promote(email: string) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/operator-create.ts', '--email', email, '--promote'],
      { env: { ...process.env, LOG_LEVEL: 'warn' }, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('operator:create --promote', () => {
  it('refuses an account whose email nobody confirmed, saying when and how it was made', async () => {
    const squatter = await signedUpPerson('Squatter', { confirmed: false });
    const answer = await promote(squatter.email);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toMatch(/has not confirmed its email/);
    expect(answer.stderr).toMatch(/Created: +\d{4}-\d{2}-\d{2}T/);
    expect(answer.stderr).toMatch(/First seen: +\S+ from 10\./);
    const [user] = await sql`select operator from auth_users where id = ${squatter.userId}`;
    expect(user!.operator).toBe(false);
  }, 90_000);

  it('promotes a confirmed account', async () => {
    const colleague = await signedUpPerson('Colleague');
    const answer = await promote(colleague.email);
    expect(answer.code, answer.stderr).toBe(0);
    expect(JSON.parse(answer.stdout)).toMatchObject({ email: colleague.email, operator: true, created: false });
    const [user] = await sql`select operator from auth_users where id = ${colleague.userId}`;
    expect(user!.operator).toBe(true);
  }, 90_000);
});
