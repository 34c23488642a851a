import { headers } from 'next/headers';
import { resolveLocale } from '@/lib/platform/i18n/locale';
import { messagesFor } from '@/lib/platform/i18n/messages';
import frame from '../../pay/[reference]/frame.module.css';

/** A slug that names no link (mistyped, or made up): a 404 that says so in the customer's language. */
export default async function PaymentLinkNotFound() {
  const requestHeaders = await headers();
  const messages = messagesFor(resolveLocale(null, requestHeaders.get('accept-language')));
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
