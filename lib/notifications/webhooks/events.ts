import type { z } from 'zod';
import type { webhookTestEventSchema } from './contract';

/** The data of `webhook.test`, the event a merchant sends to one endpoint to try it. */
declare module '../events/catalog' {
  interface EventData {
    'webhook.test': z.infer<typeof webhookTestEventSchema>;
  }
}
