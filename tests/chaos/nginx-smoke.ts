import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../lib/platform/db/embedded';
import { DOCUMENT_UPLOAD_BODY_LIMIT } from '../../lib/platform/http/page-guard';
import { balancerError } from './balancer-errors';
import { check, cleanups, fakeWeb, repeat, runSmoke, since, sleep, waitFor } from './smoke-kit';

/**
 * deploy/nginx.conf.example's behaviour, as haproxy-smoke.ts proves deploy/haproxy.cfg's
 * (`npx tsx tests/chaos/nginx-smoke.ts`; Debian's nginx, which scripts/chaos-engines.sh installs).
 * nginx runs the example itself: only its addresses, its certificate's files and its read time-out
 * (70 s, so that a 504 fits here) are replaced, each of which must be found exactly once. Fake web
 * instances stand behind it; the client speaks TLS to it. Stops itself within 2 minutes.
 */
const EXAMPLE = path.join(import.meta.dirname, '../../deploy/nginx.conf.example');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => fs.existsSync(p));

function rendered(replacements: [string, string][]): string {
  let text = fs.readFileSync(EXAMPLE, 'utf8');
  for (const [from, to] of replacements) {
    const found = text.split(from).length - 1;
    if (found !== 1) throw new Error(`deploy/nginx.conf.example: "${from}" found ${found} times, expected once`);
    text = text.replace(from, to);
  }
  return text;
}

/** A certificate for pay.example.com and 127.0.0.1, made with openssl for this run. */
function certificate(dir: string) {
  const [cert, key] = [path.join(dir, 'payments.pem'), path.join(dir, 'payments.key')];
  const args =
    'req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=pay.example.com -addext subjectAltName=DNS:pay.example.com,IP:127.0.0.1';
  execFileSync('openssl', [...args.split(' '), '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { cert, key };
}

async function startNginx(web: number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-smoke-'));
  const { cert, key } = certificate(dir);
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, 'payments.conf'),
    rendered([
      ['server 127.0.0.1:3001 ', `server 127.0.0.1:${web[0]} `],
      ['server 127.0.0.1:3002 ', `server 127.0.0.1:${web[1]} `],
      ['listen 443 ssl;', `listen 127.0.0.1:${port} ssl;`],
      ['/etc/nginx/certs/payments.pem', cert],
      ['/etc/nginx/certs/payments.key', key],
      ['proxy_read_timeout 70s;', 'proxy_read_timeout 2s;'],
    ]),
  );
  // The main file is the test's: everything nginx writes stays in `dir`. As root its workers would
  // become `nobody`, who cannot write the buffered bodies into this 0700 directory.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events {}
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/payments.conf;
}
`,
  );
  const nginx = spawn(NGINX!, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { stdio: 'inherit' });
  cleanups.push(() => nginx.kill('SIGQUIT'));
  const agent = new https.Agent({ ca: fs.readFileSync(cert), keepAlive: true });
  const front = { port, dir, agent, pid: nginx.pid };
  await waitFor('nginx to listen', async () => (await send(front, 'GET', '/api/ping').catch(() => null)) !== null);
  return front;
}
type Front = Awaited<ReturnType<typeof startNginx>>;

interface Answer {
  status: number;
  body: { backend?: string; xff?: string; proto?: string; host?: string; bytes?: number; error?: { code?: string } };
  kind: string | undefined;
  retryAfter: string | null;
  ms: number;
}

function send(
  front: Pick<Front, 'port' | 'agent'>,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
) {
  const started = Date.now();
  return new Promise<Answer>((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: front.port,
        method,
        path: url,
        agent: front.agent,
        headers: options.headers,
        timeout: 10_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => {
          const headers = new Headers(Object.entries(res.headers).map(([k, v]): [string, string] => [k, String(v)]));
          const json = headers.get('content-type')?.includes('json');
          resolve({
            status: res.statusCode!,
            body: json ? JSON.parse(text) : {},
            kind: balancerError({ headers }),
            retryAfter: headers.get('retry-after'),
            ms: since(started),
          });
        });
      },
    );
    req.on('error', reject).on('timeout', () => req.destroy(new Error('no answer in 10 s')));
    req.end(options.body);
  });
}

async function main() {
  if (!NGINX) throw new Error('nginx is not installed: run scripts/chaos-engines.sh');
  const [a, b] = [await fakeWeb('a'), await fakeWeb('b')];
  const front = await startNginx([a.port, b.port]);
  console.log(`nginx ${front.pid} on https://127.0.0.1:${front.port}; logs in ${front.dir}`);
  const reset = () => void ((a.seen = []), (b.seen = []));
  const get = (url: string, headers?: Record<string, string>) => send(front, 'GET', url, { headers });
  const post = (url: string, body: string | Buffer = '{}') => send(front, 'POST', url, { body });
  // `max_fails=1 fail_timeout=5s`: an instance that failed once is skipped for 5 s, which nginx counts
  // on its clock of whole seconds (up to 6 s then).
  const outlastFailTimeout = () => sleep(7_000);

  reset();
  const order = (await repeat(6, () => get('/echo'))).map((r) => r.body.backend).join('');
  check('round robin', order === 'ababab' || order === 'bababa', order);
  const forwarded = await get('/echo', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'http' });
  const plain = await get('/echo');
  check(
    'X-Forwarded-For appended, X-Forwarded-Proto replaced by the scheme the client used',
    forwarded.body.xff === '203.0.113.7, 127.0.0.1' &&
      plain.body.xff === '127.0.0.1' &&
      forwarded.body.proto === 'https',
    `${forwarded.body.xff} | ${plain.body.xff} | proto ${forwarded.body.proto}`,
  );
  // The service answers only the hosts it serves (421 otherwise): the client's Host must pass through.
  const named = await get('/echo', { host: 'pay.example.com' });
  check('the Host the client sent reaches the instance', named.body.host === 'pay.example.com', `${named.body.host}`);
  const spoof = await get('/echo?spoof');
  check(
    "an instance's X-Balancer-Error is removed",
    spoof.status === 200 && spoof.kind === undefined,
    `${spoof.status} ${spoof.kind}`,
  );

  // An instance's own 502 and 503 (the database away) pass unchanged: not nginx's error page.
  reset();
  a.status = b.status = 502;
  const own502 = await get('/echo');
  a.status = b.status = 503;
  const own503 = await get('/echo');
  a.status = b.status = 200;
  check(
    "an instance's own 502 and 503 reach the client as it sent them",
    [own502, own503].every((r) => r.body.backend !== undefined && r.kind === undefined) &&
      own502.status === 502 &&
      own503.status === 503 &&
      a.seen.length + b.seen.length === 2,
    `${own502.status} from ${own502.body.backend}, ${own503.status} from ${own503.body.backend}`,
  );

  // The go-live document (5 MB) is the largest body the service takes; nginx's default is 1 MB.
  reset();
  const document = Buffer.alloc(DOCUMENT_UPLOAD_BODY_LIMIT - 1024, 'a');
  const upload = await post('/dashboard/live/go-live', document);
  check(
    'a 5 MB document upload reaches the instance',
    upload.status === 200 && upload.body.bytes === document.length,
    `${upload.status}, ${upload.body.bytes ?? 0} of ${document.length} bytes arrived`,
  );

  // A POST that reached a dying instance: 502 backend-lost, never replayed on the other.
  reset();
  b.dieOnPost = true;
  const posts = await repeat(
    4,
    () => post('/payouts'),
    (answers) => answers.some((r) => r.status === 502),
  );
  b.dieOnPost = false;
  const lost = posts.filter((r) => r.status === 502);
  const postsSeen = (w: typeof a) => w.seen.filter((s) => s.startsWith('POST')).length;
  check(
    'POST to a dying instance: 502 backend-lost, not replayed',
    lost.length === 1 &&
      lost[0]!.kind === 'backend-lost' &&
      lost[0]!.retryAfter === '1' &&
      lost[0]!.body.error?.code === 'balancer_backend_lost' &&
      postsSeen(b) === 1 &&
      postsSeen(a) === posts.length - 1,
    `${posts.map((r) => `${r.status} ${r.kind ?? ''}`).join(', ')}; POSTs seen: a ${postsSeen(a)}, b ${postsSeen(b)}`,
  );
  await outlastFailTimeout();

  // An instance stopped before the POST (a refused connection): the other serves it, no error.
  reset();
  await a.kill();
  const killedAt = Date.now();
  const afterKill = await repeat(6, () => post('/echo'));
  check(
    'instance stopped before the POST: served by the other, no error',
    afterKill.every((r) => r.status === 200 && r.body.backend === 'b') && a.seen.length === 0,
    `${afterKill.map((r) => `${r.status}/${r.body.backend ?? r.kind}/${r.ms}ms`).join(' ')}, all within ${since(killedAt)} ms`,
  );
  await a.start();
  await outlastFailTimeout();

  // No answer within proxy_read_timeout: 504 timeout, not replayed.
  reset();
  a.hangMs = 3_000;
  const slow = await repeat(
    3,
    () => post('/echo'),
    (answers) => answers.some((r) => r.status === 504),
  );
  a.hangMs = 0;
  const timedOut = slow.find((r) => r.status === 504);
  check(
    'hung instance: 504 timeout, not replayed',
    timedOut?.kind === 'timeout' &&
      timedOut.body.error?.code === 'balancer_timeout' &&
      a.seen.length === 1 &&
      b.seen.length === slow.length - 1,
    `${slow.map((r) => `${r.status} ${r.kind ?? ''} ${r.ms}ms`).join(', ')}; seen a ${a.seen.length}, b ${b.seen.length}`,
  );

  // Every instance gone: nginx's "no live upstreams", answered as a lost backend the client retries.
  await Promise.all([a.kill(), b.kill()]);
  const early = await post('/echo');
  const late = await get('/echo');
  check(
    'all instances down: 502 backend-lost',
    [early, late].every((r) => r.status === 502 && r.kind === 'backend-lost' && r.retryAfter === '1'),
    `${early.status} ${early.kind} in ${early.ms} ms; then ${late.status} ${late.kind} in ${late.ms} ms`,
  );
}

runSmoke(main, 110_000);
