import frame from './frame.module.css';
import { Icon, Title, usePage } from './ui';

/**
 * The link came without its `#token=…` part: a chat or mail app that cut the address at the `#`, or
 * a link copied by hand. The page cannot show the payment (the token is the customer's key), so it
 * says what happened and how to get a working link, instead of calling the link invalid.
 */
export function NoToken({ merchant }: { merchant: string | null }) {
  const { t, tx } = usePage();
  return (
    <>
      <Icon kind="bad" />
      <Title>{t('no_token_title')}</Title>
      <p className={frame.lead}>{t('no_token_body')}</p>
      <p>{t('no_token_open')}</p>
      <p>{merchant ? tx('no_token_ask', { merchant: <bdi>{merchant}</bdi> }) : t('no_token_ask_generic')}</p>
    </>
  );
}
