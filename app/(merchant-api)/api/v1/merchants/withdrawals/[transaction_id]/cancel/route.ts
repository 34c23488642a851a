import { payoutCancelRoutes } from '@/lib/payouts/endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = payoutCancelRoutes('withdrawal');
