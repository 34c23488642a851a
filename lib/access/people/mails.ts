import { config } from '../../platform/config';
import type { Mail } from '../../platform/mail/outbox';
import { isolated } from '../../platform/http/display-name';

/** The emails people get from the dashboard: plain text first, so every mail client shows them. */
const signed = (body: string) => `${body}\n\n${config().SERVICE_NAME}`;

export const verifyEmailMail = (to: string, url: string): Mail => ({
  to,
  subject: `Confirm your email for ${config().SERVICE_NAME}`,
  text: signed(
    `Confirm this address by opening (the link works for 24 hours):\n${url}\n\nIf you did not sign up, ignore this email: nobody can use the account until this address is confirmed.`,
  ),
});

export const resetPasswordMail = (to: string, url: string): Mail => ({
  to,
  subject: `Reset your ${config().SERVICE_NAME} password`,
  text: signed(
    `Choose a new password here (the link works for one hour):\n${url}\n\nIf you did not ask for this, ignore this email: your password stays as it is.`,
  ),
});

/**
 * Names in it are people's own (bounded and free of direction controls when they were given: see
 * lib/platform/http/display-name.ts) and isolated (U+2068…U+2069), so a right-to-left name cannot
 * reorder the sentence; the only link is the service's own, with the invitation's secret.
 */
export const invitationMail = (
  to: string,
  invitation: { url: string; role: string; merchant: string; by: string },
): Mail => {
  const [by, merchant] = [isolated(invitation.by), isolated(invitation.merchant)];
  return {
    to,
    subject: `${by} invited you to ${merchant}`,
    text: signed(
      `${by} invited you to join ${merchant} as ${invitation.role}.\n\nAccept here (the link works for 48 hours; only you can use it, once you have confirmed this email address):\n${invitation.url}\n\nIf you do not know ${merchant}, ignore this email.`,
    ),
  };
};
