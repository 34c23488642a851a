import { Fragment } from 'react';
import type { Locale } from '@/lib/platform/i18n/locale';
import type { Messages } from '@/lib/platform/i18n/messages';
import { translateParts } from '@/lib/platform/i18n/translate';
import frame from './frame.module.css';
import { Icon, Title } from './ui';

/**
 * The link came without its `#token=…` part: a chat or mail app that cut the address at the `#`, or
 * a link copied by hand. The page cannot show the payment (the token is the customer's key), so it
 * says what happened and how to get a working link, instead of calling the link invalid. Drawn by the
 * server (page.tsx) and shown by the app when it finds no token: none of it is in the page's JavaScript.
 */
export function NoToken({
  messages,
  locale,
  merchant,
}: {
  messages: Messages;
  locale: Locale;
  merchant: string | null;
}) {
  const ask = merchant
    ? translateParts(messages, locale, 'no_token_ask', { merchant: <bdi>{merchant}</bdi> })
    : [messages.no_token_ask_generic];
  return (
    <>
      <Icon kind="bad" />
      <Title>{messages.no_token_title}</Title>
      <p className={frame.lead}>{messages.no_token_body}</p>
      <p>{messages.no_token_open}</p>
      <p>
        {ask.map((part, index) => (
          <Fragment key={index}>{part}</Fragment>
        ))}
      </p>
    </>
  );
}
