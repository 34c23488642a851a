import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { balancerError, haproxyStats, killHaproxy, startHaproxy, type Balancer } from './haproxy';
import { startRelay } from './relay';
import { check, cleanups, fakeWeb, listen, repeat, runSmoke, since, sleep, waitFor } from './smoke-kit';

/**
 * deploy/haproxy.cfg's behaviour without Next or PostgreSQL (`npx tsx tests/chaos/haproxy-smoke.ts`):
 * fake web instances, fake Patroni nodes, and the relay. Stops itself within 2 minutes.
 */

/** A PostgreSQL node (greets with its name, echoes lines) and its Patroni API (`/primary`). */
async function fakeNode(name: string, isPrimary: () => boolean) {
  const pg = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.write(`${name}\n`);
    socket.on('data', (d) => socket.write(`${name}: ${d}`));
  });
  const api = http.createServer((req, res) => res.writeHead(req.url === '/primary' && isPrimary() ? 200 : 503).end());
  const node = { host: '127.0.0.1', pgPort: await listen(pg), apiPort: await listen(api), pg };
  cleanups.push(() => [pg.close(), api.close()]);
  return node;
}

/** A client socket whose lines and close are recorded. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const conn = { socket, lines: [] as string[], closed: false };
  socket.on('data', (d) => conn.lines.push(...d.toString().split('\n').filter(Boolean)));
  socket.on('close', () => (conn.closed = true));
  socket.on('error', () => {});
  await new Promise((r) => socket.once('connect', r));
  cleanups.push(() => socket.destroy());
  return conn;
}

async function get(balancer: Balancer, path: string, init: RequestInit = {}) {
  const started = Date.now();
  let res: Response;
  try {
    res = await fetch(`${balancer.webUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    // The connection closed without an answer (an instance lost on a kept-alive connection, below).
    return { status: 0, body: null, kind: undefined, retryAfter: null, ms: since(started) };
  }
  const text = await res.text();
  const body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  const retryAfter = res.headers.get('retry-after');
  return { status: res.status, body, kind: balancerError(res), retryAfter, ms: since(started) };
}
type Answer = Awaited<ReturnType<typeof get>>;

async function main() {
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-smoke-'));
  const [a, b] = [await fakeWeb('a'), await fakeWeb('b')];
  let primary = 'pg1';
  const nodes = [await fakeNode('pg1', () => primary === 'pg1'), await fakeNode('pg2', () => primary === 'pg2')];
  // The server timeout shortened (configuration default 70 s) so that a 504 fits in the smoke test.
  const balancer = await startHaproxy({ web: [a.url, b.url], postgres: nodes, logs, webServerTimeout: '2s' });
  cleanups.push(() => balancer.stop());
  console.log(
    `haproxy ${balancer.pid} on ${balancer.webUrl}, pg ${balancer.pgHostPort.port}; log in ${logs}/haproxy.log`,
  );
  const status = async (server: string) => (await haproxyStats(balancer)).get(server)?.status ?? '?';
  const isUp = (s: string) => async () => (await status(s)) === 'UP';
  const isDown = (s: string) => async () => (await status(s)) === 'DOWN';
  const states = async () => [...(await haproxyStats(balancer))].map(([k, v]) => `${k}=${v.status}`).join(' ');
  await waitFor('web1, web2, pg1 up and pg2 down', async () =>
    /web\/web1=UP web\/web2=UP .*postgres\/pg1=UP postgres\/pg2=DOWN/.test(await states()),
  );
  const metrics = await (await fetch(`${balancer.statsUrl}/metrics`)).text();
  const upLine = metrics
    .split('\n')
    .find((l) => l.startsWith('haproxy_server_status{proxy="web",server="web1",state="UP"}'));
  check('Prometheus exporter on the stats address', upLine?.endsWith(' 1') === true, upLine ?? 'no server status');
  const reset = () => void ((a.seen = []), (b.seen = []));

  // Web: round robin, forwarded headers, the balancer's header never an instance's.
  reset();
  const order = (await repeat(6, () => get(balancer, '/echo'))).map((r) => r.body.backend).join('');
  check('round robin', order === 'ababab' || order === 'bababa', order);
  const forwarded = await get(balancer, '/echo', {
    headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
  });
  const plain = await get(balancer, '/echo');
  check(
    'X-Forwarded-For appended, X-Forwarded-Proto replaced',
    forwarded.body.xff === '203.0.113.7, 127.0.0.1' &&
      plain.body.xff === '127.0.0.1' &&
      forwarded.body.proto === 'http',
    `${forwarded.body.xff} | ${plain.body.xff} | proto ${forwarded.body.proto}`,
  );
  const spoof = await get(balancer, '/echo?spoof');
  check(
    "an instance's X-Balancer-Error is removed",
    spoof.status === 200 && spoof.kind === undefined,
    `${spoof.status} ${spoof.kind}`,
  );

  // A POST that reached a dying instance: 502 backend-lost, or on a kept-alive connection HAProxy 2.6
  // closes it without an answer (deploy/haproxy.cfg); never replayed on the other instance.
  reset();
  b.dieOnPost = true;
  const post = () => get(balancer, '/payouts', { method: 'POST', body: '{"amount":1}' });
  const failed = (p: Answer) => p.status === 502 || p.status === 0;
  const posts = await repeat(4, post, (answers) => answers.some(failed));
  b.dieOnPost = false;
  const lost = posts.filter(failed);
  const aPosts = a.seen.filter((s) => s.startsWith('POST')).length;
  const bPosts = b.seen.filter((s) => s.startsWith('POST')).length;
  check(
    'POST to a dying instance: 502 backend-lost (or a closed connection), not replayed',
    lost.length === 1 &&
      (lost[0]!.status === 0 || (lost[0]!.kind === 'backend-lost' && lost[0]!.retryAfter === '1')) &&
      bPosts === 1 &&
      aPosts === posts.length - 1 &&
      posts.every((p) => p.status === 200 || p === lost[0]),
    `${posts.map((p) => `${p.status} ${p.kind ?? ''}`).join(', ')}; POSTs seen: a ${aPosts}, b ${bPosts}`,
  );

  // An instance killed just before: its requests go to the other (retry-on conn-failure, redispatch).
  reset();
  const before = (await haproxyStats(balancer)).get('web/BACKEND')!;
  await a.kill();
  const killedAt = Date.now();
  const afterKill = await repeat(6, () => get(balancer, '/echo', { method: 'POST', body: '{}' }));
  const window = since(killedAt);
  const after = (await haproxyStats(balancer)).get('web/BACKEND')!;
  const redispatched = Number(after.wredis) - Number(before.wredis);
  check(
    'instance killed before the POST: served by the other, no error',
    afterKill.every((r) => r.status === 200 && r.body.backend === 'b') &&
      a.seen.length === 0 &&
      redispatched >= 1 &&
      window < 1_500,
    `${afterKill.map((r) => `${r.status}/${r.body.backend ?? r.kind}/${r.ms}ms`).join(' ')}; ${redispatched} redispatched, all within ${window} ms of the kill`,
  );
  await a.start();
  await waitFor('web1 up again', isUp('web/web1'));

  // An instance answering 503 on /api/ready leaves within the check interval.
  b.ready = 503;
  const outMs = await waitFor('web2 down', isDown('web/web2'));
  reset();
  for (let i = 0; i < 4; i++) await get(balancer, '/echo');
  check(
    'unready instance taken out (inter 1s, fall 2)',
    outMs <= 3_000 && b.seen.length === 0 && a.seen.length === 4,
    `down after ${outMs} ms; then a ${a.seen.length}, b ${b.seen.length}`,
  );
  // Every instance unready (the database away): requests get 503 no-backend, but a provider's
  // callback still reaches an instance, which keeps it on disk.
  a.ready = 503;
  await waitFor('web1 down', isDown('web/web1'));
  reset();
  const unready = await get(balancer, '/echo');
  const callback = await get(balancer, '/api/rails/mobile-money/callbacks/x.y', { method: 'POST', body: '{}' });
  check(
    'no instance ready: requests 503 no-backend, a callback still reaches a live instance',
    unready.status === 503 &&
      unready.kind === 'no-backend' &&
      callback.status === 200 &&
      a.seen.length + b.seen.length === 1,
    `request ${unready.status} ${unready.kind}; callback ${callback.status} from ${callback.body.backend}`,
  );
  a.ready = 200;
  b.ready = 200;
  await waitFor('web1 up again', isUp('web/web1'));
  await waitFor('web2 up again', isUp('web/web2'));

  // No answer within `timeout server`: 504 timeout, not replayed.
  reset();
  a.hangMs = 3_000;
  const slowPost = () => get(balancer, '/echo', { method: 'POST', body: '{}' });
  const slow = await repeat(3, slowPost, (answers) => answers.some((r) => r.status === 504));
  a.hangMs = 0;
  const timedOut = slow.find((r) => r.status === 504);
  check(
    'hung instance: 504 timeout, not replayed',
    timedOut?.kind === 'timeout' && a.seen.length === 1 && b.seen.length === slow.length - 1,
    `${slow.map((r) => `${r.status} ${r.kind ?? ''} ${r.ms}ms`).join(', ')}; seen a ${a.seen.length}, b ${b.seen.length}`,
  );

  // Every instance gone: at once (connects fail everywhere) and once both are marked down.
  await Promise.all([a.kill(), b.kill()]);
  const early = await get(balancer, '/echo');
  await waitFor('both web servers down', async () => (await isDown('web/web1')()) && (await isDown('web/web2')()));
  const late = await get(balancer, '/echo');
  const noBackend = (r: Answer) => r.status === 503 && r.kind === 'no-backend' && r.retryAfter === '1';
  check(
    'all instances down: 503 no-backend',
    [early, late].every((r) => noBackend(r) && r.body.error?.code === 'balancer_no_backend'),
    `just killed: ${early.status} ${early.kind} in ${early.ms} ms; marked down: ${late.status} ${late.kind} in ${late.ms} ms`,
  );

  // PostgreSQL: the Patroni check picks the primary; a switch-over cuts the old one's sessions.
  const first = await connect(balancer.pgHostPort.port);
  first.socket.write('select 1\n');
  await waitFor('pg answer', () => first.lines.length >= 2, 3_000);
  check(
    'a connection lands on the primary',
    first.lines[0] === 'pg1' && first.lines[1] === 'pg1: select 1',
    first.lines.join(' | '),
  );
  primary = 'pg2';
  const cutMs = await waitFor('old primary session cut', () => first.closed, 5_000);
  await waitFor('pg2 up', isUp('postgres/pg2'));
  const second = await connect(balancer.pgHostPort.port);
  await waitFor('pg greeting', () => second.lines.length >= 1, 3_000);
  const pg1Open = await new Promise<number>((r) => nodes[0]!.pg.getConnections((_, n) => r(n)));
  check(
    'switch-over: old session cut (shutdown-sessions), new one on pg2',
    first.closed && second.lines[0] === 'pg2' && pg1Open === 0,
    `cut ${cutMs} ms after the flip; new connection greeted by ${second.lines[0]}; pg1 still listening with ${pg1Open} connections`,
  );

  // The relay: works, then a black hole that closes nothing, then works again.
  const echoSockets = new Set<net.Socket>();
  let echoed = '';
  const echo = net.createServer((s) => {
    echoSockets.add(s);
    s.on('error', () => {});
    s.on('data', (d) => ((echoed += d), s.write(d)));
  });
  const echoPort = await listen(echo);
  cleanups.push(() => echo.close());
  const relay = await startRelay({ host: '127.0.0.1', port: echoPort });
  cleanups.push(() => relay.stop());
  const c1 = await connect(relay.port);
  c1.socket.write('a\n');
  await waitFor('echo through the relay', () => c1.lines.length === 1, 2_000);
  relay.silence();
  c1.socket.write('b\n');
  const c2 = await connect(relay.port);
  c2.socket.write('c\n');
  await sleep(300);
  for (const s of echoSockets) s.destroy(); // the target closes: nothing may reach the client
  await sleep(700);
  check(
    'relay silenced: no answer, nothing closed, nothing forwarded',
    c1.lines.join() === 'a' && !c1.closed && c2.lines.length === 0 && !c2.closed && echoed === 'a\n',
    `old: ${c1.lines.join(',')} open=${!c1.closed}; new: ${c2.lines.length} lines open=${!c2.closed}; target got ${JSON.stringify(echoed)}`,
  );
  relay.restore();
  const c3 = await connect(relay.port);
  c3.socket.write('d\n');
  await waitFor('echo after restore', () => c3.lines.length === 1, 2_000);
  await sleep(100);
  check(
    'relay restored: new connection works, silenced ones reset',
    c3.lines[0] === 'd' && c1.closed && c2.closed,
    `new: ${c3.lines.join()}; silenced closed: ${c1.closed}, ${c2.closed}`,
  );
}

runSmoke(main, 110_000, killHaproxy);
