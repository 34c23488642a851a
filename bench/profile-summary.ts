/**
 * `npm run bench:profile -- <file.cpuprofile>`: a V8 CPU profile (next under BENCH_PROFILE=1) as two
 * tables of self time: by package (node_modules/<name>, or this project's folder), and the heaviest
 * functions. Self time is where the CPU was, not who called it: read both.
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

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run bench:profile -- <file.cpuprofile>');
  process.exit(1);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

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

const pct = (us: number) => `${((us / totalUs) * 100).toFixed(1).padStart(5)} %`;
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s of samples\n\nSelf time by package:`);
for (const [name, us] of top(buckets, 25)) console.log(`  ${pct(us)}  ${name}`);
console.log('\nHeaviest functions (self time):');
for (const [name, us] of top(functions, 40)) console.log(`  ${pct(us)}  ${name}`);
