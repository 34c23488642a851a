import type { Processes } from './cluster';
import type { BedDatabase } from './database';
import type { Receiver } from './receivers';

/**
 * The faults, at random moments of the load (seeded), never two at once: first a rolling deploy from
 * the previous release to this one, with its migrations (deploy.ts); a web instance restarted as
 * systemd restarts it (SIGTERM: it drains, then stops; then started again); a web instance or a worker
 * SIGKILLed and started again after a few seconds; the PostgreSQL primary's machine lost (Patroni fails
 * over to the synchronous standby; the old primary rejoins as a replica after a few seconds); the
 * service cut off from the primary by a silent partition; a webhook receiver that hangs. Each fault
 * keeps when it began and ended, which bounds where a 5xx is allowed and where recovery is measured from.
 */
export type FaultKind =
  | 'rolling deploy'
  | 'restart web'
  | 'kill web'
  | 'kill worker'
  | 'kill primary'
  | 'kill postmaster'
  | 'partition primary'
  | 'receiver hangs';

export interface Fault {
  kind: FaultKind;
  target: string;
  /** The fault began (ms since the epoch). */
  at: number;
  /** What was down came back: the process serves again, another node leads, the partition heals, the receiver answers. */
  restoredAt: number;
  downMs: number;
  /** For a failover: from the kill to the new leader answering HAProxy's check. */
  failoverMs?: number;
  detail?: string;
}

export interface Targets {
  web: Processes[];
  workers: Processes[];
  database: BedDatabase;
  hangable: Receiver;
  /** Runs the rolling deploy (deploy.ts). */
  deploy: () => Promise<{ target: string; detail: string }>;
}

export const PLAN: FaultKind[] = [
  'rolling deploy',
  'kill web',
  'kill worker',
  'kill primary',
  'receiver hangs',
  'kill web',
  'partition primary',
  'restart web',
  'kill worker',
  'kill postmaster',
  'receiver hangs',
  'kill primary',
];

/** Moments for `count` faults in `[startMs, startMs + spanMs]`: one at random in each equal slot. */
export function schedule(count: number, startMs: number, spanMs: number, random: () => number): number[] {
  const slot = spanMs / count;
  // The first 60 % of each slot: the fault and its recovery end before the next slot's fault.
  return Array.from({ length: count }, (_, i) => startMs + i * slot + random() * slot * 0.6);
}

export async function inject(kind: FaultKind, index: number, targets: Targets, random: () => number): Promise<Fault> {
  const downMs = Math.round(2_000 + random() * 6_000);
  const at = Date.now();
  const pause = () => new Promise((r) => setTimeout(r, downMs));
  let target: string;
  switch (kind) {
    case 'rolling deploy': {
      const deployed = await targets.deploy();
      return {
        kind,
        target: deployed.target,
        at,
        restoredAt: Date.now(),
        downMs: Date.now() - at,
        detail: deployed.detail,
      };
    }
    case 'restart web': {
      const victim = targets.web[index % targets.web.length]!;
      target = victim.name;
      await victim.stop();
      await victim.start();
      break;
    }
    case 'kill web':
    case 'kill worker': {
      const group = kind === 'kill web' ? targets.web : targets.workers;
      const victim = group[index % group.length]!;
      target = victim.name;
      victim.kill();
      await pause();
      await victim.start();
      break;
    }
    case 'kill primary':
    case 'kill postmaster': {
      const failover = await targets.database.killPrimary(kind === 'kill primary' ? 'machine' : 'postgres');
      target = failover.killed;
      const restoredAt = Date.now();
      // The lost machine comes back after a while, or its Patroni (still running) starts PostgreSQL
      // again; either way it rejoins as a replica (pg_rewind if needed).
      await pause();
      await targets.database.rejoin(failover.killed);
      return {
        kind,
        target,
        at,
        restoredAt,
        downMs: restoredAt - at,
        failoverMs: failover.leaderAt - failover.killedAt,
        detail: `${failover.killed} → ${failover.leader}; ${failover.killed} rejoined after ${((Date.now() - at) / 1000).toFixed(1)} s`,
      };
    }
    case 'partition primary':
      target = (await targets.database.partitionPrimary(downMs)).node;
      break;
    case 'receiver hangs': {
      target = targets.hangable.name;
      // Longer than the dispatcher's time-out, several times over.
      const hangMs = 10_000 + random() * 10_000;
      targets.hangable.hang(at + hangMs);
      await new Promise((r) => setTimeout(r, hangMs));
      break;
    }
  }
  return { kind, target, at, restoredAt: Date.now(), downMs: Date.now() - at };
}
