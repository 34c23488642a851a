import { payoutCollectionRoutes } from '@/lib/payouts/endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = payoutCollectionRoutes('payout');
