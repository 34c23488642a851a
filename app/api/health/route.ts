import { json } from '@/lib/platform/http/envelope';
import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/platform/ops/contract';
import { checkHealth } from '@/lib/platform/ops/health';
import { liveRailHealth } from '@/lib/rails/circuit';
import { getDb } from '@/lib/platform/db/client';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: publicEndpoint(contract.getHealth, async () => {
    const health = await checkHealth(() => liveRailHealth(getDb()));
    const status = health.healthy ? 'success' : 'error';
    return json({ status, message: `Service ${health.body.status}`, data: health.body }, health.healthy ? 200 : 503);
  }),
});
