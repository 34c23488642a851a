import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, updatedAt } from './columns';
import { merchants } from './merchants';
import { type MemberRole } from '../../vocabulary';

/**
 * The tables better-auth (lib/access/people) keeps: people, their sessions and passwords, two-factor
 * secrets, passkeys, memberships of merchants and invitations, and the sign-in rate limiter's counters. The
 * library reads and writes them by these property names (its model and field names); the SQL names
 * are ours. Ids are UUIDs made by PostgreSQL. An organization *is* a merchant: its id is the
 * merchant's id (a foreign key), written with the merchant in one transaction (lib/operator/merchants).
 */
const updatedAtNow = () => updatedAt().$onUpdate(() => new Date());

export const authUsers = pgTable('auth_users', {
  id: id(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  createdAt: createdAt(),
  updatedAt: updatedAtNow(),
  twoFactorEnabled: boolean().default(false),
  /** The company running the service: may open the operator console (set only from the command line). */
  operator: boolean().notNull().default(false),
  /** The language the person chose for the dashboard and the team's mail ('en', 'fr'); null: not chosen yet. */
  locale: text(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    expiresAt: moment().notNull(),
    token: text().notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAtNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** The merchant this session acts for (better-auth's active organization). */
    activeOrganizationId: uuid(),
    /** When a second factor was last given in this session: money-moving actions need it recent. */
    stepUpAt: moment(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: id(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: moment(),
    refreshTokenExpiresAt: moment(),
    scope: text(),
    /** The password's hash (scrypt), for the `credential` provider. */
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAtNow(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: id(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: moment().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAtNow(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: id(),
    /** Encrypted with AUTH_SECRET by the library. */
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean().default(true),
    failedVerificationCount: integer().default(0),
    lockedUntil: moment(),
  },
  (t) => [index('auth_two_factors_user_idx').on(t.userId)],
);

export const authOrganizations = pgTable('auth_organizations', {
  id: uuid()
    .primaryKey()
    .references(() => merchants.id),
  name: text().notNull(),
  slug: text().notNull().unique(),
  logo: text(),
  createdAt: createdAt(),
  metadata: text(),
});

export const authMembers = pgTable(
  'auth_members',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => authOrganizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text().$type<MemberRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_members_organization_user_unique').on(t.organizationId, t.userId),
    index('auth_members_user_idx').on(t.userId),
  ],
);

export const authInvitations = pgTable(
  'auth_invitations',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => authOrganizations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text().$type<MemberRole>(),
    status: text().notNull().default('pending'),
    expiresAt: moment().notNull(),
    createdAt: createdAt(),
    inviterId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** SHA-256 of the secret in the invitation's mail: only that secret accepts it, never the row id. */
    tokenHash: text().unique(),
  },
  (t) => [
    index('auth_invitations_organization_idx').on(t.organizationId),
    index('auth_invitations_email_idx').on(t.email),
  ],
);

/**
 * A person's passkeys (WebAuthn credentials, @better-auth/passkey): the public key only, never a
 * secret. A credential id names one passkey across everyone: the same one cannot be added twice.
 */
export const authPasskeys = pgTable(
  'auth_passkeys',
  {
    id: id(),
    /** What the person called it ("Work laptop"). */
    name: text(),
    /** The credential's public key (COSE, base64). */
    publicKey: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    /** The authenticator's signature counter (up to 2³²−1), raised at each sign-in: a cloned key shows as a step back. */
    counter: bigint({ mode: 'number' }).notNull(),
    deviceType: text().notNull(),
    backedUp: boolean().notNull(),
    transports: text(),
    createdAt: createdAt(),
    /** The authenticator's model (not the device); all zeros when the platform keeps it private. */
    aaguid: text(),
    /** Set when the counter is, i.e. at each sign-in with it (null when added: drizzle's $onUpdate also fills inserts). */
    lastUsedAt: moment()
      .$defaultFn(() => sql`null`)
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('auth_passkeys_user_idx').on(t.userId),
    uniqueIndex('auth_passkeys_credential_unique').on(t.credentialID),
  ],
);

/** The sign-in limiter's counters, shared by every instance. */
export const authRateLimits = pgTable('auth_rate_limits', {
  id: id(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: 'number' }).notNull(),
});
