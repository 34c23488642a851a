import { endpoint } from '@/lib/platform/http/endpoint';
import { notFound as missing, unauthorized } from '@/lib/platform/http/errors';
import { queryObject, validate } from '@/lib/platform/http/parse';
import { isMode, memberContext } from '@/lib/surfaces/dashboard/member';
import { csvResponse } from '@/lib/surfaces/dashboard/views/csv-response';
import { exportQuery, transactionsCsv } from '@/lib/surfaces/dashboard/views/transactions-csv';

/**
 * The transactions of the member's business in one mode, as a CSV file streamed while it is read
 * (the same filters as the list, plus a date range). Every role may read; the session decides the
 * business, the path the mode.
 */
export const GET = endpoint(async (req, _requestId, route) => {
  const { mode } = (await route.params) as { mode: string };
  if (!isMode(mode)) throw missing('Mode');
  const member = await memberContext(req.headers, mode);
  if (!member.ok) throw unauthorized(`Not signed in to this business and mode (${member.reason})`);
  // A form's empty optional field (no date chosen) means "not given".
  const given = Object.entries(queryObject(new URL(req.url))).filter(([, v]) => v !== '');
  const query = validate(exportQuery, Object.fromEntries(given), 'query');
  const { ctx } = member;
  const rows = transactionsCsv(ctx.db, ctx.tenant, query);
  return csvResponse(rows, `transactions-${mode}-${new Date().toISOString().slice(0, 10)}.csv`);
});
