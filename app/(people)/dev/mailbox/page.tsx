import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { config } from '@/lib/platform/config';
import { getDb } from '@/lib/platform/db/client';
import { peerAddressOf } from '@/lib/platform/http/peer-address';
import { isServedHost } from '@/lib/platform/http/served-hosts';
import { latestMail } from '@/lib/platform/mail/outbox';
import { Frame, pageCopy, pageLocale } from '../../frame';
import styles from '../../people.module.css';

export const metadata: Metadata = { title: 'Dev mailbox' };

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Without SMTP_URL, email stays in the outbox; this page shows it, so a new user of `npm start` can
 * confirm an address or reset a password. These emails hold reset and invitation links, so it answers
 * (else a plain 404) only on the development default: the embedded database (DATABASE_EMBEDDED, set
 * by the scripts that started it) and no SMTP server; only to a request whose TCP peer is this machine
 * (TRUSTED_PROXIES is not consulted); and only under a Host the service is configured for, so that
 * neither a DNS-rebinding page in a local browser nor a proxy on this machine serving another name
 * reads it (the server edge refuses other Hosts on every page as well).
 */
export default async function DevMailbox() {
  const request = await headers();
  const peer = peerAddressOf(request);
  const c = config();
  const development = c.DATABASE_EMBEDDED && !c.SMTP_URL;
  if (!development || !peer || !LOOPBACK.test(peer) || !isServedHost(request.get('host'))) notFound();
  const [copy, locale, mails] = [await pageCopy(), await pageLocale(), await latestMail(getDb())];
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  return (
    <Frame wide>
      <h1 className={styles.title}>{copy.mailbox_title}</h1>
      <p className={styles.lead}>{copy.mailbox_lead}</p>
      {mails.length === 0 && <p>{copy.mailbox_empty}</p>}
      {mails.map((mail) => (
        <article className={styles.mail} key={mail.id} aria-labelledby={`mail-${mail.id}`}>
          <h2 id={`mail-${mail.id}`}>{mail.subject}</h2>
          <p className={styles.hint}>
            {mail.to} · {when.format(mail.createdAt)} UTC
          </p>
          <pre className={styles.mailText}>{linked(mail.text)}</pre>
        </article>
      ))}
    </Frame>
  );
}

/** The text with its links clickable. */
function linked(text: string) {
  return text.split(/(https?:\/\/\S+)/).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a className={styles.link} href={part} key={i}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
