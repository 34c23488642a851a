import { json } from '@/lib/http/envelope';
import { publicEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/ops/contract';
import { checkReadiness } from '@/lib/ops/readiness';

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
