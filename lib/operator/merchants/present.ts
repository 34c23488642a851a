import type { merchants } from '../../platform/db/schema';
import { formatTimestamp } from '../../platform/time';
import type { Merchant } from './contract';

export function presentMerchant(m: typeof merchants.$inferSelect): Merchant {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    kyb_status: m.kybStatus,
    live_enabled_at: m.liveEnabledAt ? formatTimestamp(m.liveEnabledAt) : null,
    created_at: formatTimestamp(m.createdAt),
    updated_at: formatTimestamp(m.updatedAt),
  };
}
