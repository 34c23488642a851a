import type { Metadata } from 'next';
import { listEmbedSessions } from '@/lib/checkout/embed/sessions';
import { listEmbedSessionsQuery } from '@/lib/checkout/embed/input';
import { loadBranding } from '@/lib/merchants/branding/branding';
import { CHECKOUT_CURRENCIES_BY_KYB } from '@/lib/merchants/kyb';
import { EMBED_SESSION_ACTIONS } from '@/lib/surfaces/dashboard/actions/embed-sessions';
import { BUTTON_COPY } from '@/lib/surfaces/dashboard/copy/button';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { pageLocale } from '../../../../frame';
import { memberOf, shellWords } from '../../member';
import { ButtonBuilder } from './builder';
import { SessionList } from './sessions';
import ui from '../../ui.module.css';
import { Pager } from '../../pager';

export const metadata: Metadata = { title: 'Checkout button' };

/**
 * Developers → Checkout button: build an embed session with a live preview of the button, get its
 * snippet, and see (and disable) the mode's buttons. Reads with the verbs the API's GET routes
 * call; the form posts to the dashboard action on the API's create verb.
 */
export default async function CheckoutButtonPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = BUTTON_COPY[locale];
  const shell = await shellWords();
  const query = listEmbedSessionsQuery.safeParse({ page: (await searchParams).page ?? '1' });
  const paging = query.success ? query.data : listEmbedSessionsQuery.parse({});
  const [sessions, branding] = await Promise.all([
    listEmbedSessions(ctx.db, ctx.tenant, paging),
    loadBranding(ctx.db, ctx.merchant.id),
  ]);
  const currencies = CHECKOUT_CURRENCIES_BY_KYB[ctx.merchant.kybStatus];
  // The page offers only what the role may do; the actions check it again whatever is posted.
  const mayCreate = allows(ctx.role, EMBED_SESSION_ACTIONS.createEmbedSession.allowed);
  const mayDisable = allows(ctx.role, EMBED_SESSION_ACTIONS.disableEmbedSession.allowed);
  const here = `/dashboard/${ctx.mode}/developers/button`;
  return (
    <>
      <p>
        <a className={ui.link} href={`/dashboard/${ctx.mode}/developers`}>
          {words.back}
        </a>
      </p>
      <h1 className={ui.title}>{words.title}</h1>
      <p className={ui.lead}>{words.lead}</p>
      {mayCreate && (
        <section className={ui.section} aria-labelledby="build">
          <h2 className={ui.sectionTitle} id="build">
            {words.build}
          </h2>
          {currencies.length === 0 ? (
            <p className={ui.empty}>{words.no_currency}</p>
          ) : (
            <ButtonBuilder
              mode={ctx.mode}
              locale={locale}
              currencies={currencies}
              look={{
                display_name: branding.display_name,
                logo_url: branding.logo_url,
                primary_color: branding.primary_color,
                text_color: branding.text_color,
              }}
              words={words}
              shell={shell}
            />
          )}
        </section>
      )}
      <section className={ui.section} aria-labelledby="buttons">
        <h2 className={ui.sectionTitle} id="buttons">
          {words.sessions}
        </h2>
        <p className={ui.hint}>{words.sessions_lead}</p>
        <SessionList
          sessions={sessions.data}
          mode={ctx.mode}
          locale={locale}
          mayManage={mayDisable}
          words={words}
          shell={shell}
        />
        <Pager
          page={paging.page}
          hasMore={sessions.pagination.has_more}
          hrefOf={(page) => `${here}?page=${page}`}
          words={words}
        />
      </section>
    </>
  );
}
