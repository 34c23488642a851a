import { createApiKeyAction, revokeApiKeyAction } from './api-keys';
import { CHECKOUT_ACTIONS } from './checkouts';
import { MONEY_OUT_ACTIONS } from './money-out';
import { TEAM_ACTIONS } from './team';
import { WEBHOOK_ACTIONS } from './webhooks';
import { CONVERSION_ACTIONS } from './conversion';
import { removeLogoAction, updateBrandingAction, uploadLogoAction } from './branding';
import { EMBED_SESSION_ACTIONS } from './embed-sessions';
import { chooseLanguage } from './language';
import { updateMailPreferencesAction } from './mail-preferences';
import { GO_LIVE_ACTIONS } from './go-live';
import { PAYMENT_LINK_ACTIONS } from './payment-links';
import { perform, type ActionOutcome, type DashboardAction, type FormValues } from '../perform';
import { withFilesAsText } from '../uploads';

/**
 * Every action of the dashboard, by name. The one server action in app/ calls these through
 * `perform`, and the generic tests (roles, tenant isolation, step-up, audit) run over this list: an
 * action not listed here cannot be called.
 */
export const DASHBOARD_ACTIONS = {
  createApiKey: createApiKeyAction,
  revokeApiKey: revokeApiKeyAction,
  ...WEBHOOK_ACTIONS,
  ...CONVERSION_ACTIONS,
  ...CHECKOUT_ACTIONS,
  ...MONEY_OUT_ACTIONS,
  ...TEAM_ACTIONS,
  updateBranding: updateBrandingAction,
  uploadLogo: uploadLogoAction,
  removeLogo: removeLogoAction,
  ...EMBED_SESSION_ACTIONS,
  chooseLanguage,
  updateMailPreferences: updateMailPreferencesAction,
  ...GO_LIVE_ACTIONS,
  ...PAYMENT_LINK_ACTIONS,
};
export type DashboardActionName = keyof typeof DASHBOARD_ACTIONS;
/** What an action answers when it succeeds (for the page that shows it). */
export type DataOf<N extends DashboardActionName> = Awaited<ReturnType<(typeof DASHBOARD_ACTIONS)[N]['run']>>;

export const isActionName = (name: string): name is DashboardActionName => Object.hasOwn(DASHBOARD_ACTIONS, name);

/** What the server action does with a form posted to `name`; an unknown name changes nothing. */
export async function runDashboardAction(
  name: string,
  headers: Headers,
  form: FormData | FormValues,
): Promise<ActionOutcome<unknown>> {
  if (!isActionName(name)) {
    return { ok: false, code: 'route_not_found', message: `No dashboard action is called ${name}`, fields: [] };
  }
  const values = form instanceof FormData ? await withFilesAsText(form) : form;
  return perform(DASHBOARD_ACTIONS[name] as DashboardAction<unknown, unknown>, headers, values);
}
