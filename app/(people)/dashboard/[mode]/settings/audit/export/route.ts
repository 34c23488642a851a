import { endpoint } from '@/lib/platform/http/endpoint';
import { forbidden, notFound as missing, unauthorized } from '@/lib/platform/http/errors';
import { queryObject, validate } from '@/lib/platform/http/parse';
import { isMode, memberContext } from '@/lib/surfaces/dashboard/member';
import { csvResponse } from '@/lib/surfaces/dashboard/views/csv-response';
import { auditCsv, auditQuery } from '@/lib/surfaces/dashboard/team/audit';

/** The business's audit log as CSV, with the page's filters; owners only, as the page. */
export const GET = endpoint(async (req, _requestId, route) => {
  const { mode } = (await route.params) as { mode: string };
  if (!isMode(mode)) throw missing('Mode');
  const member = await memberContext(req.headers, mode);
  if (!member.ok) throw unauthorized(`Not signed in to this business and mode (${member.reason})`);
  if (member.ctx.role !== 'owner') throw forbidden('Only owners can read the audit log', 'insufficient_permissions');
  const given = Object.entries(queryObject(new URL(req.url))).filter(([, v]) => v !== '');
  const { after: _after, ...query } = validate(auditQuery, Object.fromEntries(given), 'query');
  const rows = auditCsv(member.ctx.db, member.ctx.merchant.id, query);
  return csvResponse(rows, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
});
