/**
 * `npm run operator:create -- --email ops@company.test --name "Ama Owusu" [--promote]`
 * Makes an operator: a person who may open the operator console (/console). The password comes from
 * the `OPERATOR_PASSWORD` environment variable or a prompt, never from an argument (it would stay in
 * the shell's history and the process list). The account is created through the sign-in library, as
 * sign-up does; `--promote` makes an existing account an operator instead, only once its owner has
 * confirmed the email (anyone can sign up with a future operator's address first: the refusal says
 * when and how that account was made). Operators confirm their email and set up two-step
 * verification at their first sign-in before the console opens.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isAPIError } from 'better-auth/api';
import { auth } from '../lib/access/people/auth';
import { closeDatabase, getDb } from '../lib/platform/db/client';
import { authMembers, authSessions, authUsers, merchants } from '../lib/platform/db/schema';
import { zodFieldErrors } from '../lib/platform/http/parse';
import { isStorableText } from '../lib/platform/http/storable-text';
import { prepareEnvironment } from './lib/environment';

const USAGE = 'Usage: npm run operator:create -- --email ops@company.test --name "Ama Owusu" [--promote]';

function args() {
  try {
    return parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, promote: { type: 'boolean', default: false } },
      strict: true,
    }).values;
  } catch (error) {
    // `--password` among them: the password comes from OPERATOR_PASSWORD or the prompt only.
    console.error(`${(error as Error).message}\n${USAGE}\nThe password comes from OPERATOR_PASSWORD or a prompt.`);
    process.exit(2);
  }
}
const values = args();
const text = () => z.string().refine(isStorableText, 'contains characters that cannot be stored');
const parsed = z
  .strictObject({
    email: z
      .email({ error: 'must be an email address' })
      .max(254)
      .transform((e) => e.toLowerCase()),
    name: values.promote ? text().optional() : text().trim().min(1, 'is required').max(100),
    promote: z.boolean(),
  })
  .safeParse(values);
if (!parsed.success) {
  for (const f of zodFieldErrors(parsed.error)) console.error(`--${f.field}: ${f.message}`);
  console.error(USAGE);
  process.exit(2);
}
const { email, name, promote } = parsed.data;

/** Typed without echo when a terminal is attached; read as a line otherwise (piped in). */
async function promptPassword(): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  process.stderr.write('Password for the operator (at least 12 characters): ');
  muted = true;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stderr.write('\n');
  return answer;
}

/**
 * Why an unconfirmed account is not made an operator, with what is known of how it came to be, so
 * whoever runs this can tell their colleague's account from someone else's who took the address.
 */
async function unverifiedRefusal(userId: string): Promise<string> {
  const db = getDb();
  const [user] = await db
    .select({ createdAt: authUsers.createdAt, twoFactor: authUsers.twoFactorEnabled })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  const businesses = await db
    .select({ name: merchants.name, role: authMembers.role })
    .from(authMembers)
    .innerJoin(merchants, eq(merchants.id, authMembers.organizationId))
    .where(eq(authMembers.userId, userId));
  const [first] = await db
    .select({ at: authSessions.createdAt, address: authSessions.ipAddress, agent: authSessions.userAgent })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(asc(authSessions.createdAt))
    .limit(1);
  return [
    `Refused: ${email} has not confirmed its email, so nobody has proved they hold it.`,
    `  Created:     ${user?.createdAt.toISOString()} (${businesses.length ? 'signed up on the dashboard' : 'signed up, or made by this command'})`,
    `  Businesses:  ${businesses.map((b) => `${JSON.stringify(b.name)} as ${b.role}`).join(', ') || 'none'}`,
    `  Two-factor:  ${user?.twoFactor ? 'set up' : 'not set up'}`,
    `  First seen:  ${first ? `${first.at.toISOString()} from ${first.address ?? 'unknown'} (${first.agent ?? 'no user agent'})` : 'never signed in'}`,
    'If this is your colleague, have them open the confirmation link (or reset their password), then run this again.',
    'If it is not, the address was taken by someone else: do not promote it.',
  ].join('\n');
}

const env = await prepareEnvironment();
let exitCode = 0;
try {
  const db = getDb();
  const [existing] = await db
    .select({ id: authUsers.id, verified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.email, email));
  if (promote) {
    if (!existing) throw new Error(`No account uses ${email}: leave out --promote to create one`);
    if (!existing.verified) throw new Error(await unverifiedRefusal(existing.id));
    await db.update(authUsers).set({ operator: true }).where(eq(authUsers.id, existing.id));
    console.log(JSON.stringify({ user_id: existing.id, email, operator: true, created: false }, null, 2));
  } else {
    if (existing) throw new Error(`An account already uses ${email}: add --promote to make it an operator`);
    const password = process.env.OPERATOR_PASSWORD ?? (await promptPassword());
    if (password.length < 12 || password.length > 256 || !isStorableText(password)) {
      throw new Error('The password must be 12 to 256 characters');
    }
    const { user } = await auth().api.signUpEmail({ body: { name: name!, email, password } });
    await db.update(authUsers).set({ operator: true }).where(eq(authUsers.id, user.id));
    console.log(JSON.stringify({ user_id: user.id, email, operator: true, created: true }, null, 2));
  }
} catch (error) {
  exitCode = 1;
  console.error(isAPIError(error) ? `Refused: ${error.message}` : (error as Error).message);
} finally {
  await closeDatabase();
  await env.embedded?.stop();
}
process.exit(exitCode);
