/**
 * `npm run bench:profile -- <file.cpuprofile> [--timeline] [--window FROM-TO --rps N]`: a V8 CPU profile
 * (next under BENCH_PROFILE=1) as two tables of self time: by package (node_modules/<name>, or this
 * project's folder), and the heaviest functions. Self time is where the CPU was, not who called it.
 *
 * A profile spans the whole run. `--timeline` prints, per second, the share of samples under
 * postgres.js: the scenarios that read the database stand out from the ceiling's. `--window 24-36
 * --rps 359` then keeps the samples of those seconds and prints µs per request (the scenario's
 * req/s from the same run), which compares with another window's (the ceiling's) directly.
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, ...flags] = process.argv.slice(2);
const flag = (name: string) => {
  const i = flags.indexOf(name);
  return i < 0 ? undefined : (flags[i + 1] ?? '');
};
const window = flag('--window')?.split('-').map(Number);
const rps = Number(flag('--rps') ?? NaN);
if (!file || (window && (window.length !== 2 || window.some(Number.isNaN) || !(rps > 0)))) {
  console.error('usage: npm run bench:profile -- <file.cpuprofile> [--timeline] [--window FROM-TO --rps N]');
  process.exit(1);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const underPostgres = (id: number) => {
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
    if (byId.get(at)!.callFrame.url.includes('node_modules/postgres/')) return true;
  return false;
};

const selfUs = new Map<number, number>();
const seconds: { samples: number; postgres: number }[] = [];
let clockUs = 0;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  clockUs += us;
  const second = Math.floor(clockUs / 1e6);
  if (window && (second < window[0]! || second >= window[1]!)) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + us);
  const s = (seconds[second] ??= { samples: 0, postgres: 0 });
  s.samples++;
  if (underPostgres(id)) s.postgres++;
});
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);
const requests = window ? rps * (window[1]! - window[0]!) : 0;

if (flags.includes('--timeline')) {
  console.log('second  samples  under postgres.js');
  seconds.forEach(
    (s, i) =>
      s &&
      console.log(
        `${String(i).padStart(6)}  ${String(s.samples).padStart(7)}  ${((100 * s.postgres) / s.samples).toFixed(1).padStart(5)} %`,
      ),
  );
  process.exit(0);
}

function bucketOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:*';
  const own = /\/(\.next\/server\/[^/]+|lib\/[^/]+|app)\//.exec(url);
  return own ? own[1]! : url.replace(/^.*\//, '');
}

const buckets = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const bucket = bucketOf(url, functionName);
  buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
  const key = `${functionName || '(anonymous)'} ${bucket}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
}

const pct = (us: number) =>
  window ? `${(us / requests).toFixed(1).padStart(7)} µs/req` : `${((us / totalUs) * 100).toFixed(1).padStart(5)} %`;
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(
  `${file}: ${(totalUs / 1e6).toFixed(1)} s of samples` +
    (window ? `, seconds ${window[0]}–${window[1]}: ${(totalUs / requests).toFixed(0)} µs per request` : '') +
    '\n\nSelf time by package:',
);
for (const [name, us] of top(buckets, 25)) console.log(`  ${pct(us)}  ${name}`);
console.log('\nHeaviest functions (self time):');
for (const [name, us] of top(functions, 40)) console.log(`  ${pct(us)}  ${name}`);
