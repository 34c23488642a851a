import { publicEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/ops/contract';

/** No database work: the framework's ceiling in benchmarks, and a cheap liveness probe. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: publicEndpoint(contract.ping, async () => ({ data: {}, message: 'pong' })),
});
