import { eq } from 'drizzle-orm';
import { TWO_FACTOR_REQUIRED } from '../../access/people/roles';
import { getDb, type Db } from '../../platform/db/client';
import { merchants, type Tenant } from '../../platform/db/schema';
import { type KybStatus, type MemberRole, type Mode } from '../../platform/vocabulary';
import { findTenant } from '../../operator/merchants/tenants';
import { addressOf, currentPerson, type Person } from './people';

/**
 * Who is acting in the dashboard, resolved into what an API key gives a route handler: the merchant,
 * the tenant of one mode, and what they may do (their role). Every page and every action of the
 * dashboard starts here, so a person can only ever reach their active merchant's objects, in the
 * mode the page says, exactly as a key reaches only its own tenant.
 */
export const MODES = ['test', 'live'] as const satisfies readonly Mode[];
export const isMode = (value: unknown): value is Mode => value === 'test' || value === 'live';

export interface MemberCtx {
  db: Db;
  merchant: { id: string; name: string; kybStatus: KybStatus; liveEnabled: boolean };
  tenant: Tenant;
  mode: Mode;
  role: MemberRole;
  person: Person;
  /** Where the request came from, as the API resolves it (for the audit log). */
  address: string;
  userAgent: string | null;
}

/** Why a member context could not be made: the page redirects or explains; an action refuses. */
export type NoMember =
  'signed_out' | 'email_unverified' | 'no_merchant' | 'two_factor_required' | 'live_mode_not_enabled';

/** The session's active merchant, else the first one the person belongs to (by name). */
export function activeMembership(person: Person) {
  return (
    person.memberships.find((m) => m.merchantId === person.session.activeMerchantId) ?? person.memberships[0] ?? null
  );
}

/** Owners, admins and operators can move money: without two-factor they may do nothing but enrol. */
export const needsTwoFactor = (person: Person) =>
  !person.user.twoFactor &&
  (person.user.operator === true || person.memberships.some((m) => TWO_FACTOR_REQUIRED.includes(m.role)));

export async function memberContext(
  headers: Headers,
  mode: Mode,
): Promise<{ ok: true; ctx: MemberCtx } | { ok: false; reason: NoMember; person?: Person }> {
  const person = await currentPerson(headers);
  if (!person) return { ok: false, reason: 'signed_out' };
  if (!person.user.emailVerified) return { ok: false, reason: 'email_unverified', person };
  if (needsTwoFactor(person)) return { ok: false, reason: 'two_factor_required', person };
  const membership = activeMembership(person);
  if (!membership) return { ok: false, reason: 'no_merchant', person };
  const db = getDb();
  const [merchant] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      kybStatus: merchants.kybStatus,
      liveEnabledAt: merchants.liveEnabledAt,
    })
    .from(merchants)
    .where(eq(merchants.id, membership.merchantId));
  if (!merchant) return { ok: false, reason: 'no_merchant', person };
  if (mode === 'live' && !merchant.liveEnabledAt) return { ok: false, reason: 'live_mode_not_enabled', person };
  const tenant = await findTenant(db, merchant.id, mode);
  return {
    ok: true,
    ctx: {
      db,
      merchant: {
        id: merchant.id,
        name: merchant.name,
        kybStatus: merchant.kybStatus,
        liveEnabled: !!merchant.liveEnabledAt,
      },
      tenant,
      mode,
      role: membership.role,
      person,
      address: addressOf(headers),
      userAgent: headers.get('user-agent'),
    },
  };
}
