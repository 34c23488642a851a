import fs from 'node:fs';
import path from 'node:path';

/**
 * The command and fixed environment of a shipped systemd unit (deploy/systemd/*.service), so the bed
 * starts web instances and workers exactly as those units do: `ExecStart=` with its program replaced
 * by this Node (the units name /usr/bin/node), and every `Environment=` pair.
 */
export interface Unit {
  /** Arguments to Node, e.g. ['--import', 'tsx', 'scripts/start.ts']. */
  args: string[];
  env: Record<string, string>;
}

export function readUnit(name: string): Unit {
  const text = fs.readFileSync(path.resolve('deploy/systemd', name), 'utf8');
  const lines = text.split('\n').filter((line) => !line.trimStart().startsWith('#'));
  const value = (key: string) => lines.filter((l) => l.startsWith(`${key}=`)).map((l) => l.slice(key.length + 1));
  const exec = value('ExecStart')[0]?.split(/\s+/);
  if (!exec || !exec[0]!.endsWith('/node')) throw new Error(`${name}: ExecStart must run /usr/bin/node`);
  const env = Object.fromEntries(
    value('Environment')
      .flatMap((line) => line.split(/\s+/))
      .map((pair) => pair.split('=') as [string, string]),
  );
  return { args: exec.slice(1), env };
}
