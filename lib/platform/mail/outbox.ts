import { desc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox } from '../db/schema';
import type { Db } from '../db/client';
import { config } from '../config';
import { enqueueJob } from '../jobs/queue';
import { log } from '../log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, unique: queued again under the same key, it is not written twice. */
  sourceKey?: string;
}

/**
 * Keeps an email in the outbox, in the caller's transaction, and, when SMTP_URL is set, a job to
 * send it: the email exists exactly when what caused it committed.
 */
export async function queueMail(db: Db, mail: Mail): Promise<string | null> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      sourceKey: mail.sourceKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.sourceKey })
    .returning({ id: mailOutbox.id });
  if (!row) return null;
  if (config().SMTP_URL)
    await enqueueJob(db, 'send_mail', { mail_id: row.id }, { jobKey: `send_mail:${row.id}`, maxAttempts: 10 });
  return row.id;
}

let transport: { url: string; sender: Transporter } | undefined;

/** The job: sends one queued email over SMTP. A failure is recorded and thrown, so the worker retries. */
export async function sendQueuedMail(db: Db, mailId: string): Promise<void> {
  const url = config().SMTP_URL;
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
  if (!url || !mail || mail.sentAt) return;
  if (transport?.url !== url) transport = { url, sender: nodemailer.createTransport(url) };
  try {
    await transport.sender.sendMail({
      from: config().MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    });
    await db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
      .where(eq(mailOutbox.id, mailId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: message.slice(0, 500) })
      .where(eq(mailOutbox.id, mailId));
    log.warn('mail.send_failed', { mail_id: mailId, error: message.slice(0, 200) });
    throw error;
  }
}

/** The newest emails, for the dev mailbox (only ever shown when SMTP_URL is unset). */
export function latestMail(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
