import type { z } from 'zod';
import * as passkeys from '@/lib/access/people/passkeys';
import { MEMBER_ROLES } from '@/lib/platform/vocabulary';
import { validate } from '@/lib/platform/http/parse';
import {
  perform,
  refused,
  type ActionOutcome,
  type DashboardAction,
  type FormValues,
} from '@/lib/surfaces/dashboard/perform';

/**
 * The person's own passkeys, from Settings → Security, through perform() like every dashboard action:
 * anyone in the business, for themselves only; a fresh second factor (step-up) for each step, as
 * for any new way to sign in; the audit line in the active business's log, as for sessions. Not in
 * DASHBOARD_ACTIONS: adding one needs the browser's WebAuthn answer, which the generic action tests
 * cannot make (tests/integration/people/passkeys.test.ts covers these).
 */
const EVERYONE = { roles: MEMBER_ROLES } as const;

/** `headers`: the request's, for better-auth (the session and the challenge cookie). */
export function passkeyActions(headers: Headers) {
  const startPasskey = {
    name: 'passkey.start',
    allowed: EVERYONE,
    read: (form) => validate(passkeys.startPasskeyInput, form),
    run: (_ctx, input) => passkeys.passkeyRegistrationOptions(headers, input),
    // Changes nothing yet: the options and a challenge that expires in 5 minutes.
    audit: null,
  } satisfies DashboardAction<
    z.infer<typeof passkeys.startPasskeyInput>,
    Awaited<ReturnType<typeof passkeys.passkeyRegistrationOptions>>
  >;

  const addPasskey = {
    name: 'passkey.create',
    allowed: EVERYONE,
    read: (form) => validate(passkeys.addPasskeyInput, form),
    run: (ctx, input) => passkeys.addPasskey(ctx.db, headers, input),
    audit: (_input, created) => ({ target: created.id, details: { name: created.name } }),
  } satisfies DashboardAction<
    z.infer<typeof passkeys.addPasskeyInput>,
    Awaited<ReturnType<typeof passkeys.addPasskey>>
  >;

  const deletePasskey = {
    name: 'passkey.delete',
    allowed: EVERYONE,
    read: (form) => validate(passkeys.passkeyIdInput, form),
    run: (ctx, input) => passkeys.deletePasskey(ctx.db, ctx.person.user.id, input),
    audit: (input, deleted) => ({ target: input.passkey_id, details: { name: deleted.name } }),
  } satisfies DashboardAction<
    z.infer<typeof passkeys.passkeyIdInput>,
    Awaited<ReturnType<typeof passkeys.deletePasskey>>
  >;

  return { startPasskey, addPasskey, deletePasskey };
}

export type PasskeyActionName = keyof ReturnType<typeof passkeyActions>;

export async function runPasskeyAction(
  name: string,
  headers: Headers,
  form: FormData | FormValues,
): Promise<ActionOutcome<unknown>> {
  const actions = passkeyActions(headers);
  if (!Object.hasOwn(actions, name)) return refused('route_not_found', `No passkey action is called ${name}`);
  return perform(actions[name as PasskeyActionName] as DashboardAction<unknown, unknown>, headers, form);
}
