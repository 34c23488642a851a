import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { resetConfigForTests } from '../../../lib/platform/config';
import { getDb } from '../../../lib/platform/db/client';
import { queueMail } from '../../../lib/platform/mail/outbox';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';

/**
 * Email: kept in `mail_outbox` in the transaction of what caused it; with SMTP_URL a job sends it to
 * a real SMTP listener on 127.0.0.1 (smtp-server), and a refusal is recorded and retried.
 */
const sql = testSql();
const received: { from: string; to: string[]; data: string }[] = [];
let refuse = false;
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (refuse) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetConfigForTests();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const outbox = async (id: string) =>
  (await sql`select sent_at, attempts, last_error from mail_outbox where id = ${id}`)[0]!;
const sendJobs = async (id: string) =>
  sql`select id from graphile_worker._private_jobs where key = ${`send_mail:${id}`}`;

describe('the mail outbox', () => {
  it('without SMTP_URL: kept in the database, no job to send it', async () => {
    delete process.env.SMTP_URL;
    resetConfigForTests();
    const id = (await queueMail(getDb(), { to: 'ada@example.com', subject: 'Kept', text: 'Hello' }))!;
    expect(await outbox(id)).toMatchObject({ sent_at: null, attempts: 0 });
    expect(await sendJobs(id)).toHaveLength(0);
  });

  it('with SMTP_URL: sent by a job to the SMTP server, from MAIL_FROM, and marked sent', async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetConfigForTests();
    const id = (await queueMail(getDb(), { to: 'kofi@example.com', subject: 'Your code', text: 'It is 123456' }))!;
    await runJobsNow(['send_mail']);
    const mail = received.find((m) => m.data.includes('Subject: Your code'));
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual(['kofi@example.com']);
    expect(mail!.from).toMatch(/^no-reply@/);
    expect(mail!.data).toContain('It is 123456');
    expect(await outbox(id)).toMatchObject({ sent_at: expect.any(Date), attempts: 1, last_error: null });
  });

  it('refused by the SMTP server: the error is recorded and the job stays to retry', async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetConfigForTests();
    refuse = true;
    try {
      const id = (await queueMail(getDb(), { to: 'nobody@example.com', subject: 'Refused', text: 'x' }))!;
      await runJobsNow(['send_mail']);
      expect(await outbox(id)).toMatchObject({
        sent_at: null,
        attempts: 1,
        last_error: expect.stringContaining('550'),
      });
      expect(await sendJobs(id)).toHaveLength(1);
    } finally {
      refuse = false;
    }
  });

  it('a queued email rolls back with the transaction that wrote it', async () => {
    const before = (await sql`select count(*)::int as n from mail_outbox`)[0]!.n;
    await expect(
      getDb().transaction(async (tx) => {
        await queueMail(tx, { to: 'ada@example.com', subject: 'Never', text: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await sql`select count(*)::int as n from mail_outbox`)[0]!.n).toBe(before);
  });
});
