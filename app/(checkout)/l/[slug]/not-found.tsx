import { headers } from 'next/headers';
import { isLocale, LOCALE_REQUEST_HEADER } from '@/lib/platform/i18n/locale';
import { messagesFor } from '@/lib/platform/i18n/messages';
import frame from '../../pay/[reference]/frame.module.css';

/**
 * A slug that names no link (mistyped, or made up): a 404 that says so in the customer's language.
 * A not-found page gets no search parameters, so the language is the one proxy.ts read from
 * `?locale=` or Accept-Language, as for the link's other states.
 */
export default async function PaymentLinkNotFound() {
  const asked = (await headers()).get(LOCALE_REQUEST_HEADER);
  const messages = messagesFor(isLocale(asked) ? asked : 'en');
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
