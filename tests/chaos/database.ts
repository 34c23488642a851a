import { startPatroniCluster, type PatroniCluster } from './patroni';
import { startRelay, type Relay } from './relay';
import type { PostgresNode } from './haproxy';

/**
 * The bed's PostgreSQL: three Patroni nodes (tests/chaos/patroni.ts), seen by HAProxy through a TCP
 * relay per port (its PostgreSQL port and its Patroni API port), so that the bed can cut the service
 * and its balancer off from one node while the nodes and etcd still see each other: a partition
 * between the service and the primary. The service's DATABASE_URL is HAProxy's postgres listener.
 */
export interface BedDatabase {
  cluster: PatroniCluster;
  /** What HAProxy's postgres listener is given: each node's relays. */
  balancerNodes: PostgresNode[];
  /**
   * The primary's machine lost (Patroni and postmaster SIGKILLed), or its postmaster alone; resolves
   * once another node leads.
   */
  killPrimary(
    what: 'machine' | 'postgres',
  ): Promise<{ killed: string; leader: string; killedAt: number; leaderAt: number }>;
  /** The killed node back (its Patroni started again if it was lost); resolves once it streams from the new leader. */
  rejoin(name: string): Promise<void>;
  /** Silences both relays of the current leader for `ms`: connections stay open, nothing passes. */
  partitionPrimary(ms: number): Promise<{ node: string }>;
  stop(): Promise<void>;
}

export async function startBedDatabase(options: { dir: string; logs: string }): Promise<BedDatabase> {
  const cluster = await startPatroniCluster(options);
  const relays = new Map<string, { pg: Relay; api: Relay }>();
  for (const node of cluster.nodes)
    relays.set(node.name, {
      pg: await startRelay({ host: node.host, port: node.pgPort }),
      api: await startRelay({ host: node.host, port: node.apiPort }),
    });
  const balancerNodes = cluster.nodes.map((node) => {
    const relay = relays.get(node.name)!;
    return { host: relay.pg.host, pgPort: relay.pg.port, apiPort: relay.api.port };
  });
  return {
    cluster,
    balancerNodes,
    async killPrimary(what) {
      const { name, killedAt } = await cluster.killPrimary(what);
      const leader = await cluster.waitForLeader(60_000, name);
      return { killed: name, leader, killedAt, leaderAt: Date.now() };
    },
    rejoin: (name) => cluster.restart(name),
    async partitionPrimary(ms) {
      const node = await cluster.waitForLeader(10_000);
      const relay = relays.get(node)!;
      relay.pg.silence();
      relay.api.silence();
      await new Promise((r) => setTimeout(r, ms));
      relay.pg.restore();
      relay.api.restore();
      return { node };
    },
    async stop() {
      await Promise.all([...relays.values()].flatMap((r) => [r.pg.stop(), r.api.stop()]));
      await cluster.stop();
    },
  };
}
