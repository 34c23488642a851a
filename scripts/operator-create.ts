/**
 * `npm run operator:create -- --email ops@company.test --name "Ama Owusu" [--promote]`
 * Makes an operator: a person who may open the operator console (/console). The password comes from
 * the `OPERATOR_PASSWORD` environment variable or a prompt, never from an argument (it would stay in
 * the shell's history and the process list). The account is created through the sign-in library, as
 * sign-up does; `--promote` makes an existing account an operator instead. Operators must set up
 * two-step verification at their first sign-in before the console opens.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isAPIError } from 'better-auth/api';
import { auth } from '../lib/access/people/auth';
import { closeDatabase, getDb } from '../lib/platform/db/client';
import { authUsers } from '../lib/platform/db/schema';
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

const env = await prepareEnvironment();
let exitCode = 0;
try {
  const db = getDb();
  const [existing] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  if (promote) {
    if (!existing) throw new Error(`No account uses ${email}: leave out --promote to create one`);
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
