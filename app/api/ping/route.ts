import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/platform/ops/contract';

/** No database work: the framework's ceiling in benchmarks, and a cheap liveness probe. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: publicEndpoint(contract.ping, async () => ({ data: {}, message: 'pong' })),
});
