'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { revalidatePath } from 'next/cache';
import { runDashboardAction } from '@/lib/surfaces/dashboard/actions';
import type { ActionOutcome } from '@/lib/surfaces/dashboard/perform';
import { switchMerchant } from '@/lib/surfaces/dashboard/people';
import { localPath } from '@/lib/platform/http/local-path';

/**
 * The dashboard's one server action: `name` picks the action (lib/surfaces/dashboard/actions), which
 * checks who, their role, step-up and the input, runs the API's verb and writes the audit log. Next.js
 * refuses a server action posted from another origin, so none needs a CSRF token of its own.
 */
export async function dashboardAction(
  name: string,
  _previous: unknown,
  form: FormData,
): Promise<ActionOutcome<unknown>> {
  const outcome = await runDashboardAction(name, await headers(), form);
  if (!outcome.ok) return outcome;
  revalidatePath('/dashboard', 'layout');
  // Where a form says to land once done (`after`, a dashboard path): the page of a thing just deleted
  // would otherwise be drawn again as "not found".
  const after = localPath(form.get('after'));
  if (after?.startsWith('/dashboard/')) redirect(after);
  return outcome;
}

export async function switchMerchantAction(form: FormData): Promise<void> {
  await switchMerchant({ merchant_id: String(form.get('merchant_id') ?? '') }, await headers());
  // The other business may not have live mode: its test side always exists.
  redirect('/dashboard/test');
}
