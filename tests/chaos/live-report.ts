import { count } from './invariants';
import type { ProviderEvents } from './live-driver';
import type { LiveProviders } from './live-providers';
import type { LiveOutcomes } from './live-workload';

const byKey = (map: Map<string, number>) => [...map].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none';

/** The live traffic and the provider faults, as rows of the report's workload table. */
export function liveSummary(
  live: LiveOutcomes,
  events: ProviderEvents,
  providers: LiveProviders,
  killedMidPayout: string[],
): Record<string, string> {
  const lost = providers.lostAnswers();
  return {
    'live payments started, by rail': byKey(live.started),
    'live payments seen paid on the page, by rail': byKey(live.paidSeen),
    'live payouts and withdrawals accepted, by rail': byKey(live.moneyOut),
    'outcomes at the providers': byKey(events.outcomes),
    'provider fault: answers lost (the provider acted)': `${lost.length} (${count(lost.map((l) => `${l.provider} ${l.path.replace(/\/[0-9a-f-]{36}$/, '/{id}')} ${l.kind}`))})`,
    'provider fault: duplicate callbacks and webhooks': String(events.duplicates),
    'provider fault: late callbacks and webhooks (of which after our status query had asked)': `${events.late} (${events.lateAfterStatusQuery})`,
    'Paystack webhooks sent again (not answered 200)': String(events.webhookRetries),
    'kills while live payouts were open at the providers': killedMidPayout.join('; ') || 'none',
  };
}
