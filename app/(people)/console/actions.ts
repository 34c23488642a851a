'use server';

import { headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { runOperatorAction } from '@/lib/surfaces/console/actions';
import type { ConsoleOutcome } from '@/lib/surfaces/console/perform-operator';

/**
 * The console's one server action: `name` picks the action (lib/surfaces/console/actions), which
 * checks the operator, step-up and the input, runs the operator API's verb and writes the audit log.
 * Next.js refuses a server action posted from another origin, so none needs a CSRF token of its own.
 */
export async function consoleAction(
  name: string,
  _previous: unknown,
  form: FormData,
): Promise<ConsoleOutcome<unknown>> {
  const outcome = await runOperatorAction(name, await headers(), form);
  if (outcome.ok) revalidatePath('/console', 'layout');
  return outcome;
}
