import { publicEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';

/** No database work: the framework's ceiling in benchmarks, and a cheap liveness probe. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: publicEndpoint({}, async () => ({ data: {}, message: 'pong' })),
});
