import crypto from 'node:crypto';
import type { FormValues } from '../../../../lib/surfaces/dashboard/perform';
import type { Merchant } from '../../../support/fixtures';
import type { Member, Team } from '../../../support/members';

/**
 * What the generic dashboard tests act on: a merchant with one member of each role, and another
 * merchant (with its API key) whose objects must stay out of reach.
 */
export interface World {
  merchant: Merchant;
  team: Team;
  other: Merchant;
  /** A merchant with live mode on, and its owner: live-mode requests ask for a fresh second factor. */
  live: { merchant: Merchant; owner: Member };
}

export interface ActionCase {
  /** A form that succeeds for the merchant's owner, in test mode; a fresh object each call when it needs one. */
  valid: (world: World) => Promise<FormValues> | FormValues;
  /** The same form naming the other merchant's object; null when the action names no object. */
  foreign: ((world: World) => Promise<FormValues> | FormValues) | null;
  /**
   * For a `when` step-up policy: a form making the change that needs a fresh second factor; null when
   * none of this action's changes does in test mode (a logo routes nothing; live mode still asks).
   */
  stepUpForm?: ((world: World) => Promise<FormValues> | FormValues) | null;
}

/** The key a rendered money form carries: each rendering its own, so a test's form is a new one. */
export const aFormKey = () => ({ form_key: crypto.randomUUID() });
