import type { merchants } from '../db/schema';
import { formatTimestamp } from '../time';

export function presentMerchant(m: typeof merchants.$inferSelect) {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    kyb_status: m.kybStatus,
    created_at: formatTimestamp(m.createdAt),
    updated_at: formatTimestamp(m.updatedAt),
  };
}
