import { json } from '@/lib/http/envelope';
import { publicEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/ops/contract';
import { checkHealth } from '@/lib/ops/health';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: publicEndpoint(contract.getHealth, async () => {
    const health = await checkHealth();
    const status = health.healthy ? 'success' : 'error';
    return json({ status, message: `Service ${health.body.status}`, data: health.body }, health.healthy ? 200 : 503);
  }),
});
