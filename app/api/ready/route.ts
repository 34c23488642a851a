import { json } from '@/lib/platform/http/envelope';
import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/platform/ops/contract';
import { checkReadiness } from '@/lib/platform/ops/readiness';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: publicEndpoint(contract.getReadiness, async () => {
    const readiness = await checkReadiness();
    return json(
      {
        status: readiness.ready ? 'success' : 'error',
        message: readiness.ready ? 'Ready' : 'Not ready',
        data: readiness.body,
      },
      readiness.ready ? 200 : 503,
    );
  }),
});
