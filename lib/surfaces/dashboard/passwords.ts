import { z } from 'zod';
import { isAPIError } from 'better-auth/api';
import { auth } from '../../access/people/auth';
import { config } from '../../platform/config';
import { isStorableText } from '../../platform/http/storable-text';
import { log } from '../../platform/log';
import { authHeaders, overLimit, type Outcome } from './people';

/**
 * A forgotten password: better-auth mails a link (lib/access/people/auth.ts puts it in the outbox)
 * that comes back to /reset-password with a one-hour token; the new password ends every session of
 * the account (revokeSessionsOnPasswordReset). The request always answers the same, whether an
 * account uses the email or not, so the form tells nobody who has an account.
 */
export const RESET_PATH = '/reset-password';

const email = z
  .email()
  .max(254)
  .transform((e) => e.toLowerCase());

export async function requestReset(form: Record<string, unknown>, headers: Headers): Promise<Outcome> {
  const parsed = z.strictObject({ email }).safeParse(form);
  if (!parsed.success) return { ok: false, problem: 'invalid_input', field: 'email' };
  if (await overLimit('password-reset', headers, parsed.data.email)) return { ok: false, problem: 'too_many_attempts' };
  try {
    await auth().api.requestPasswordReset({
      body: { email: parsed.data.email, redirectTo: `${config().API_BASE_URL}${RESET_PATH}` },
      headers: authHeaders(headers),
    });
  } catch (error) {
    // Whatever went wrong, the answer stays the one a stranger's address gets.
    if (!isAPIError(error)) throw error;
    log.warn('password_reset.request_refused', { status: error.statusCode });
  }
  return { ok: true };
}

const resetForm = z.strictObject({
  token: z.string().min(1).max(200).refine(isStorableText),
  password: z.string().min(12).max(256).refine(isStorableText),
});

export async function resetPassword(form: Record<string, unknown>, headers: Headers): Promise<Outcome> {
  const parsed = resetForm.safeParse(form);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    return field === 'token' ? { ok: false, problem: 'invalid_token' } : { ok: false, problem: 'invalid_input', field };
  }
  if (await overLimit('password-reset-use', headers)) return { ok: false, problem: 'too_many_attempts' };
  try {
    await auth().api.resetPassword({
      body: { newPassword: parsed.data.password, token: parsed.data.token },
      headers: authHeaders(headers),
    });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 400) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === 'WEAK_PASSWORD') return { ok: false, problem: 'weak_password', field: 'password' };
      return code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG'
        ? { ok: false, problem: 'invalid_input', field: 'password' }
        : { ok: false, problem: 'invalid_token' };
    }
    throw error;
  }
}
