import { payoutItemRoutes } from '@/lib/payouts/endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = payoutItemRoutes('payout');
