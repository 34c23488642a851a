import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../lib/platform/db/client';
import { connectionFailure } from '../../lib/platform/db/unavailable';

/**
 * A partition that leaves connections open but silent (lib/platform/db/deadline.ts): a relay to the
 * test database that, once silenced, keeps every socket open and passes nothing either way.
 */
async function silenceableRelay(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const server = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(server);
    client.on('data', (chunk) => silent || server.write(chunk));
    server.on('data', (chunk) => silent || client.write(chunk));
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    silence: () => (silent = true),
    close() {
      relay.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

const timed = async (work: Promise<unknown>) => {
  const started = Date.now();
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  return { ms: Date.now() - started, code: connectionFailure(error)?.code ?? String(error) };
};

describe('a database that stops answering on an open connection', () => {
  it('fails statements and transactions at their deadline, as a lost connection, instead of holding them', async () => {
    const relay = await silenceableRelay(new URL(process.env.DATABASE_URL!));
    // One connection: what comes after the silent statement waits for it, the way a busy pool does.
    const connection = openDatabase(relay.url, 1, 2, 1);
    try {
      expect(await connection.db.execute<{ one: number }>(sql`select 1 as one`)).toEqual([{ one: 1 }]);
      await connection.db.transaction((tx) => tx.execute(sql`select 1`));
      relay.silence();

      const statement = await timed(connection.db.execute(sql`select 2`));
      expect(statement.code).toBe('STATEMENT_DEADLINE');
      expect(statement.ms).toBeGreaterThanOrEqual(900);
      expect(statement.ms).toBeLessThan(3_000);

      const transaction = await timed(
        connection.db.transaction(async (tx) => {
          await tx.execute(sql`select 3`);
          await tx.execute(sql`select 4`);
        }),
      );
      // Queued behind the silent one, it never gets its connection: its deadline answers for it.
      expect(transaction.code).toBe('STATEMENT_DEADLINE');
      expect(transaction.ms).toBeLessThan(3_000);
    } finally {
      relay.close();
      await connection.sql.end({ timeout: 1 }).catch(() => undefined);
    }
  });
});
