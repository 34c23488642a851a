import { config } from '../../platform/config';
import type { Mail } from '../../platform/mail/outbox';
import { isolated } from '../../platform/http/display-name';

/**
 * The operator's answer to a go-live application, to each owner in their own language (French if
 * they chose it, else English). The reason is the operator's words, quoted as given; the only link
 * is the service's own.
 */
export function goLiveAnswerMail(
  to: string,
  answer: { decision: 'rejected' | 'more_info'; reason: string; merchant: string; url: string; locale: string | null },
): Mail {
  const merchant = isolated(answer.merchant);
  const service = config().SERVICE_NAME;
  if (answer.locale === 'fr') {
    const more = answer.decision === 'more_info';
    return {
      to,
      subject: more
        ? `${merchant} : informations demandées pour passer en mode réel`
        : `${merchant} : demande de passage en mode réel refusée`,
      text: `${
        more
          ? `Pour examiner la demande de passage en mode réel de ${merchant}, l’opérateur a besoin de plus d’informations :`
          : `La demande de passage en mode réel de ${merchant} a été refusée :`
      }\n\n${answer.reason}\n\n${
        more ? 'Complétez-la et envoyez-la de nouveau ici :' : 'Voir la demande :'
      }\n${answer.url}\n\n${service}`,
    };
  }
  const more = answer.decision === 'more_info';
  return {
    to,
    subject: more
      ? `${merchant}: more information needed to go live`
      : `${merchant}: your application to go live was declined`,
    text: `${
      more
        ? `To review ${merchant}'s application to go live, the operator needs more information:`
        : `${merchant}'s application to go live was declined:`
    }\n\n${answer.reason}\n\n${more ? 'Complete it and send it again here:' : 'See the application:'}\n${answer.url}\n\n${service}`,
  };
}
