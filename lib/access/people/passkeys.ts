import { z } from 'zod';
import { and, desc, eq } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { getCurrentDBAdapterAsyncLocalStorage } from '@better-auth/core/context';
import { config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { authPasskeys } from '../../platform/db/schema';
import { forbidden, invalidField, notFound } from '../../platform/http/errors';
import { isStorableText } from '../../platform/http/storable-text';
import { auth, AUTH_TABLES } from './auth';
import { relyingParty } from './passkeys-options';

/**
 * A person's passkeys: listed, added (the WebAuthn ceremony's two steps, verified by the library)
 * and deleted, each held to the person. The Security page's actions call these inside perform(), so
 * the role, step-up and audit rules apply; adding one writes the passkey in the action's transaction.
 */
export const passkeysHere = () => relyingParty(config().API_BASE_URL);

const passkeyName = z
  .string()
  .trim()
  .max(60)
  .refine(isStorableText)
  .transform((name) => name || undefined)
  .optional();

export const startPasskeyInput = z.strictObject({ name: passkeyName });

/** The browser's answer to navigator.credentials.create(), as JSON text (@simplewebauthn/browser's shape). */
const credentialJson = z
  .string()
  .max(20_000)
  .transform((text, issue) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      issue.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(
    z.looseObject({
      id: z.string().min(1).max(1_024),
      type: z.literal('public-key'),
      response: z.looseObject({ clientDataJSON: z.string(), attestationObject: z.string() }),
    }),
  );

export const addPasskeyInput = z.strictObject({ name: passkeyName, response: credentialJson });
export const passkeyIdInput = z.strictObject({ passkey_id: z.uuid() });

export function listPasskeys(db: Db, userId: string) {
  return db
    .select({
      id: authPasskeys.id,
      name: authPasskeys.name,
      aaguid: authPasskeys.aaguid,
      backedUp: authPasskeys.backedUp,
      createdAt: authPasskeys.createdAt,
      lastUsedAt: authPasskeys.lastUsedAt,
    })
    .from(authPasskeys)
    .where(eq(authPasskeys.userId, userId))
    .orderBy(desc(authPasskeys.createdAt), desc(authPasskeys.id));
}

function offeredHere(): void {
  const rp = passkeysHere();
  if (!rp.available) {
    throw forbidden(`Passkeys need the service to be reached by a domain name, not the address ${rp.host}`);
  }
}

/**
 * The library's refusal of a passkey answer, as a refusal of the form's `response` field. It answers
 * a wrong origin, challenge or relying party with a 500 FAILED_TO_VERIFY_REGISTRATION (and logs the
 * cause), so that code is the browser's answer refused, whatever its status.
 */
function refusedAnswer(error: unknown): never {
  if (!isAPIError(error)) throw error;
  const code = String((error.body as { code?: string } | undefined)?.code ?? '');
  if (code === 'SESSION_NOT_FRESH') throw forbidden('Sign in again before you add a passkey');
  if (code === 'CHALLENGE_NOT_FOUND') throw invalidField('response', 'the request expired: start again');
  if (code === 'FAILED_TO_VERIFY_REGISTRATION' || (error.statusCode >= 400 && error.statusCode < 500)) {
    throw invalidField('response', error.message || 'was not accepted');
  }
  throw error;
}

/** The ceremony's first step: the options for navigator.credentials.create() (the challenge rides in a cookie). */
export async function passkeyRegistrationOptions(headers: Headers, input: z.infer<typeof startPasskeyInput>) {
  offeredHere();
  try {
    return await auth().api.generatePasskeyRegistrationOptions({
      headers,
      query: input.name ? { name: input.name } : {},
    });
  } catch (error) {
    refusedAnswer(error);
  }
}

/**
 * Runs `work` (better-auth calls) on the caller's transaction: what the library writes commits or
 * rolls back with it (and its audit line). better-auth keeps the adapter of the transaction under way
 * in an AsyncLocalStorage; this puts there an adapter over `tx`, as its own runWithTransaction does.
 */
async function onTransaction<T>(tx: Db, work: () => Promise<T>): Promise<T> {
  const { options } = await auth().$context;
  const adapter = drizzleAdapter(tx, { provider: 'pg', schema: AUTH_TABLES })(options);
  const storage = await getCurrentDBAdapterAsyncLocalStorage();
  const pendingHooks: Array<() => Promise<void>> = [];
  const result = await storage.run({ adapter, pendingHooks, isTransactionActive: true }, work);
  // Hooks for a secondary session store, which this service does not use: none is expected.
  for (const hook of pendingHooks) await hook();
  return result;
}

/** The ceremony's second step: the library checks the answer (challenge, origin, RP ID, user verification) and stores the passkey. */
export async function addPasskey(tx: Db, headers: Headers, input: z.infer<typeof addPasskeyInput>) {
  offeredHere();
  try {
    const created = await onTransaction(tx, () =>
      auth().api.verifyPasskeyRegistration({
        headers,
        body: { response: input.response, ...(input.name ? { name: input.name } : {}) },
      }),
    );
    return { id: created.id, name: created.name ?? null };
  } catch (error) {
    refusedAnswer(error);
  }
}

/** Deletes one of the person's passkeys; someone else's id is not found, as an unknown one is. */
export async function deletePasskey(db: Db, userId: string, input: z.infer<typeof passkeyIdInput>) {
  const [deleted] = await db
    .delete(authPasskeys)
    .where(and(eq(authPasskeys.id, input.passkey_id), eq(authPasskeys.userId, userId)))
    .returning({ id: authPasskeys.id, name: authPasskeys.name });
  if (!deleted) throw notFound('Passkey');
  return deleted;
}
