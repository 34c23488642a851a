import net from 'node:net';

/**
 * A TCP relay the bed puts between the service and a server (the PostgreSQL primary) to cut the
 * network without closing anything: `silence()` turns every open connection, and every new one, into
 * a black hole. Bytes from either side are still read (so no writer blocks) but never forwarded, and a
 * close on one side is not passed to the other: a partition as TCP sees it, where only a time-out can
 * tell. `restore()` lets new connections through again; the silenced ones are reset then, since the
 * bytes they lost would make any stream on them garbage.
 *
 * Unlike a real partition, the relay's own kernel still acknowledges: TCP keepalive probes from the
 * service are answered and its writes never back up. Only application-level time-outs notice.
 */
export interface Relay {
  host: string;
  port: number;
  silenced(): boolean;
  silence(): void;
  restore(): void;
  stop(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  silent: boolean;
}

export async function startRelay(
  target: { host: string; port: number },
  options: { port?: number } = {},
): Promise<Relay> {
  const pairs = new Set<Pair>();
  let silenced = false;

  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };

  // Forwarding by hand rather than pipe(): data is dropped, not queued, the moment the pair goes silent.
  const forward = (pair: Pair, from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (pair.silent) return;
      if (!to.write(chunk)) {
        from.pause();
        to.once('drain', () => from.resume());
      }
    });
    from.on('end', () => {
      if (!pair.silent) to.end();
    });
    from.on('close', () => {
      if (!pair.silent) drop(pair);
    });
  };

  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const pair: Pair = { client, upstream: null, silent: silenced };
    pairs.add(pair);
    client.on('error', () => {}); // 'close' follows
    if (pair.silent) {
      // No route to the target: accepted, read, never answered.
      client.on('data', () => {});
      return;
    }
    const upstream = net.connect({ host: target.host, port: target.port, allowHalfOpen: true });
    pair.upstream = upstream;
    upstream.on('error', () => {});
    forward(pair, client, upstream);
    forward(pair, upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.address() as net.AddressInfo).port;

  const relay: Relay = {
    host: '127.0.0.1',
    port,
    silenced: () => silenced,
    silence() {
      silenced = true;
      for (const pair of pairs) {
        pair.silent = true;
        // Whatever was paused for back-pressure is read (and dropped) from now on.
        pair.client.resume();
        pair.upstream?.resume();
      }
    },
    restore() {
      silenced = false;
      for (const pair of [...pairs].filter((p) => p.silent)) {
        pair.client.resetAndDestroy();
        pair.upstream?.resetAndDestroy();
        pairs.delete(pair);
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const pair of [...pairs]) drop(pair);
        server.close(() => resolve());
      }),
  };
  return relay;
}
