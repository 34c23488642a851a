import { messagesFor } from '@/lib/platform/i18n/messages';
import { customerPageLocale } from '../../customer-page-locale';
import frame from '../../pay/[reference]/frame.module.css';

/**
 * A slug that names no link (mistyped, or made up): a 404 that says so in the customer's language.
 * A not-found page gets no search parameters, so the language is the one proxy.ts read from
 * `?locale=` or Accept-Language (customer-locale.ts), as for the link's other states.
 */
export default async function PaymentLinkNotFound() {
  const messages = messagesFor(await customerPageLocale());
  return (
    <div className={frame.page}>
      <div className={frame.shell}>
        <main className={frame.main}>
          <h1 className={frame.title}>{messages.link_not_found}</h1>
          <p className={frame.lead}>{messages.link_not_found_body}</p>
        </main>
      </div>
    </div>
  );
}
