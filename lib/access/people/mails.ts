import { config } from '../../platform/config';
import type { Mail } from '../../platform/mail/outbox';

/** The emails people get from the dashboard: plain text first, so every mail client shows them. */
const signed = (body: string) => `${body}\n\n${config().SERVICE_NAME}`;

export const verifyEmailMail = (to: string, url: string): Mail => ({
  to,
  subject: `Confirm your email for ${config().SERVICE_NAME}`,
  text: signed(`Confirm this address by opening:\n${url}\n\nIf you did not sign up, ignore this email.`),
});

export const resetPasswordMail = (to: string, url: string): Mail => ({
  to,
  subject: `Reset your ${config().SERVICE_NAME} password`,
  text: signed(
    `Choose a new password here (the link works for one hour):\n${url}\n\nIf you did not ask for this, ignore this email: your password stays as it is.`,
  ),
});

export const invitationMail = (
  to: string,
  invitation: { url: string; role: string; merchant: string; by: string },
): Mail => ({
  to,
  subject: `${invitation.by} invited you to ${invitation.merchant}`,
  text: signed(
    `${invitation.by} invited you to join ${invitation.merchant} as ${invitation.role}.\n\nAccept here (the link works for 48 hours):\n${invitation.url}`,
  ),
});
