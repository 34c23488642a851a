'use server';

import { headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import type { ActionOutcome } from '@/lib/surfaces/dashboard/perform';
import { runPasskeyAction } from './passkey-actions';

/**
 * The Security page's passkey actions (passkey-actions.ts), by name, as the dashboard's one server
 * action runs the others. Next.js refuses a server action posted from another origin.
 */
export async function passkeyAction(name: string, _previous: unknown, form: FormData): Promise<ActionOutcome<unknown>> {
  const outcome = await runPasskeyAction(name, await headers(), form);
  if (outcome.ok && name !== 'startPasskey') revalidatePath('/dashboard', 'layout');
  return outcome;
}
