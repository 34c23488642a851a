import type { Db } from '../platform/db/client';
import { auditLog } from '../platform/db/schema';
import { type ActorType, type Mode } from '../platform/vocabulary';
import type { ActionName } from './policy';

/**
 * Who did something, whichever way they came in: a member in the dashboard, an operator in the
 * console, a merchant's API key (and the person answerable for it), an operator's admin key, or the
 * bootstrap token. Every wrapper around the verbs builds one and hands it to `recordAudit`, in the
 * transaction of the change: one mechanism, one table, for every actor.
 */
export interface Actor {
  type: ActorType;
  /** The person: the member, the operator, the key's maker; null for the bootstrap token or a key nobody made. */
  userId: string | null;
  /** Their email as it was when they acted. */
  email: string | null;
  apiKeyId?: string;
  adminKeyId?: string;
  /** The client's address, resolved by the trusted-proxy rule (lib/access/rate-limit/client-address.ts). */
  address: string;
  userAgent: string | null;
}

export interface AuditEntry {
  action: ActionName;
  /** The merchant whose log the line joins; null for the operator's changes that concern no one merchant. */
  merchantId: string | null;
  mode: Mode | null;
  target: string | null;
  details?: Record<string, unknown>;
}

/** One audit line, in the caller's transaction (`db` is the verb's transaction). Never updated afterwards. */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    merchantId: entry.merchantId,
    actorType: actor.type,
    userId: actor.userId,
    actorEmail: actor.email,
    apiKeyId: actor.apiKeyId ?? null,
    adminKeyId: actor.adminKeyId ?? null,
    mode: entry.mode,
    action: entry.action,
    target: entry.target,
    ipAddress: actor.address,
    userAgent: actor.userAgent?.slice(0, 512) ?? null,
    details: entry.details ?? {},
  });
}

/**
 * How a line names its actor to people: the person's email; for a key, its prefix and the person
 * answerable for it; the bootstrap token by its variable's name.
 */
export function actorLabel(line: {
  actorType: ActorType;
  actorEmail: string | null;
  details: Record<string, unknown>;
}): string {
  const key = typeof line.details.key_prefix === 'string' ? line.details.key_prefix : null;
  if (line.actorType === 'bootstrap_token') return 'ADMIN_API_TOKEN';
  if (key) return line.actorEmail ? `${key}… (${line.actorEmail})` : `${key}…`;
  return line.actorEmail ?? line.actorType;
}
