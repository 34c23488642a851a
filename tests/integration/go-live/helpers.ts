import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { runOperatorAction } from '../../../lib/surfaces/console/actions';
import { sendRequest } from '../../support/api';
import { testSql } from '../../support/database';
import { enrol, signedUpPerson, steppedUp, type Member } from '../../support/members';
import { COMPLETE_FIELDS, SAMPLE_FILES } from '../../support/go-live';

export const sql = testSql();

/** A dashboard form as the browser posts it (FormData), its file fields real Files. */
export function formOf(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  form.set('mode', 'test');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

export const fileOf = (bytes: Buffer, name: string, type = 'application/pdf') =>
  new File([new Uint8Array(bytes)], name, { type });

/** An owner (stepped up) acting on their business's application. */
export const act = async (member: Member, name: string, fields: Record<string, string | File> = {}) => {
  await steppedUp(member);
  return runDashboardAction(name, member.headers(), formOf(fields));
};

/** The same, without stepping up first (the session's step-up is a write of its own). */
export const actNow = (member: Member, name: string, fields: Record<string, string | File> = {}) =>
  runDashboardAction(name, member.headers(), formOf(fields));

export const upload = (member: Member, bytes: Buffer, name: string, type?: string) =>
  act(member, 'uploadGoLiveDocument', { document: fileOf(bytes, name, type) });

export const uploadNow = (member: Member, bytes: Buffer, name: string, type?: string) =>
  actNow(member, 'uploadGoLiveDocument', { document: fileOf(bytes, name, type) });

/** Fill, attach a PDF and a PNG, submit. */
export async function applyFully(owner: Member) {
  await act(owner, 'saveGoLive', COMPLETE_FIELDS);
  await upload(owner, SAMPLE_FILES.pdf, 'registration.pdf');
  await upload(owner, SAMPLE_FILES.png, 'id-card.png', 'image/png');
  return act(owner, 'submitGoLive');
}

/** A signed-up operator with two-factor, stepped up (made operator with SQL, as only the CLI does for real). */
export async function newOperator(): Promise<Member> {
  const person = await signedUpPerson('Operator person');
  await sql`update auth_users set operator = true where id = ${person.userId}`;
  const totpURI = await enrol(person.who);
  const operator: Member = { ...person, role: 'owner', totpURI, headers: () => person.who.headers() };
  await steppedUp(operator);
  return operator;
}

export const decide = (operator: Member, name: string, form: Record<string, string>) =>
  runOperatorAction(name, operator.headers(), form);

/** GET a document through the real route handler, as `who` (null: signed out). */
export async function download(who: Member | null, path: string) {
  const headers = who ? Object.fromEntries(who.headers().entries()) : {};
  return sendRequest('GET', path, { headers });
}

export async function applicationOf(merchantId: string) {
  const [row] =
    await sql`select * from go_live_applications where merchant_id = ${merchantId} and superseded_at is null`;
  return row;
}
