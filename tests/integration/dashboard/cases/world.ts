import type { FormValues } from '../../../../lib/surfaces/dashboard/perform';
import type { Merchant } from '../../../support/fixtures';
import type { Team } from '../../../support/members';

/**
 * What the generic dashboard tests act on: a merchant with one member of each role, and another
 * merchant (with its API key) whose objects must stay out of reach.
 */
export interface World {
  merchant: Merchant;
  team: Team;
  other: Merchant;
}

export interface ActionCase {
  /** A form that succeeds for the merchant's owner, in test mode; a fresh object each call when it needs one. */
  valid: (world: World) => Promise<FormValues> | FormValues;
  /** The same form naming the other merchant's object; null when the action names no object. */
  foreign: ((world: World) => Promise<FormValues> | FormValues) | null;
}
