'use client';

import frame from './frame.module.css';
import panels from './panels.module.css';
import type { Session } from './session';
import { Ref, usePage } from './ui';
import { ltrText } from './flow';

/**
 * Who the customer can ask: the merchant's support contact, or where the merchant set none, the
 * service's own (`service_support`). Null only when neither exists.
 */
interface Contact {
  by: 'merchant' | 'service';
  name: string;
  email: string | null;
  phone: string | null;
  url: string | null;
}

export function contactOf(session: Session): Contact | null {
  const { merchant, service_support: service } = session;
  if (merchant.support_email || merchant.support_phone) {
    return {
      by: 'merchant',
      name: merchant.display_name,
      email: merchant.support_email,
      phone: merchant.support_phone,
      url: null,
    };
  }
  if (service && (service.email || service.phone || service.url)) return { by: 'service', ...service };
  return null;
}

function ContactLinks({ contact }: { contact: Contact }) {
  const { t } = usePage();
  return (
    <p className={frame.footerLinks}>
      {contact.email && <a href={`mailto:${contact.email}`}>{t('help_email', { email: contact.email })}</a>}
      {contact.phone && (
        <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{t('help_phone', { phone: ltrText(contact.phone) })}</a>
      )}
      {contact.url && /^https:\/\//.test(contact.url) && <a href={contact.url}>{t('help_web')}</a>}
    </p>
  );
}

/** The footer's "Need help?" on every screen. */
export function FooterContact({ session }: { session: Session }) {
  const { tx } = usePage();
  const contact = contactOf(session);
  if (!contact) return null;
  const merchant = <bdi>{session.merchant.display_name}</bdi>;
  return (
    <div>
      <p>
        {contact.by === 'merchant'
          ? tx('help', { merchant })
          : tx('help_service', { service: <bdi>{contact.name}</bdi>, merchant })}
      </p>
      <ContactLinks contact={contact} />
    </div>
  );
}

/**
 * On screens that end the payment (failed, expired, receipt…): who to ask, with the reference. With no
 * contact configured anywhere it still names the merchant and the reference, never nothing.
 */
export function ContactBlock({ session }: { session: Session }) {
  const { t, tx } = usePage();
  const contact = contactOf(session);
  const merchant = <bdi>{session.merchant.display_name}</bdi>;
  const reference = <Ref>{session.checkout.payment_reference}</Ref>;
  return (
    <section className={panels.contact} aria-labelledby="contact-title" data-testid="contact">
      <h2 id="contact-title" className={panels.boxTitle}>
        {t('contact_title')}
      </h2>
      <p>
        {contact?.by === 'service'
          ? tx('contact_service', { service: <bdi>{contact.name}</bdi>, merchant, reference })
          : tx('contact_merchant', { merchant, reference })}
      </p>
      {contact && <ContactLinks contact={contact} />}
    </section>
  );
}
