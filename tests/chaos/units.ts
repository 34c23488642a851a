import fs from 'node:fs';
import path from 'node:path';

/**
 * The command and fixed environment of a shipped systemd unit (deploy/systemd/*.service), so the bed
 * starts and stops web instances and workers exactly as those units do: `ExecStart=` with its program
 * replaced by this Node (the units name /usr/bin/node), every `Environment=` pair, `KillMode=` and
 * `TimeoutStopSec=`.
 */
export interface Unit {
  /** Arguments to Node, e.g. ['--import', 'tsx', 'scripts/start.ts']. */
  args: string[];
  env: Record<string, string>;
  /** `mixed`: SIGTERM to the main process alone (it stops its children itself); else to the whole group. */
  killMode: string;
  /** TimeoutStopSec: how long a stop may take before SIGKILL. */
  stopTimeoutMs: number;
}

/**
 * The unit `name` as release `dir` ships it. A release older than the shipped units runs this
 * checkout's ExecStart with systemd's defaults for what it did not say (KillMode=control-group).
 */
export function readUnit(name: string, dir = process.cwd()): Unit {
  const own = path.join(dir, 'deploy/systemd', name);
  if (!fs.existsSync(own)) return { ...readUnit(name), killMode: 'control-group' };
  const text = fs.readFileSync(own, 'utf8');
  const lines = text.split('\n').filter((line) => !line.trimStart().startsWith('#'));
  const value = (key: string) => lines.filter((l) => l.startsWith(`${key}=`)).map((l) => l.slice(key.length + 1));
  const exec = value('ExecStart')[0]?.split(/\s+/);
  if (!exec || !exec[0]!.endsWith('/node')) throw new Error(`${name}: ExecStart must run /usr/bin/node`);
  const env = Object.fromEntries(
    value('Environment')
      .flatMap((line) => line.split(/\s+/))
      .map((pair) => pair.split('=') as [string, string]),
  );
  const stopSeconds = Number(value('TimeoutStopSec')[0] ?? 90);
  return {
    args: exec.slice(1),
    env,
    killMode: value('KillMode')[0] ?? 'control-group',
    stopTimeoutMs: stopSeconds * 1000,
  };
}
