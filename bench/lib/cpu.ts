import fs from 'node:fs';

/**
 * Where the CPU went during a measurement, from /proc (Linux only): the server (next-server and its
 * children), the database (the postmaster of this run's data directory and its backends), this process
 * (autocannon) and everything else on the machine. "Other" is what makes a figure unreliable: the
 * load generator, server and database already share few cores.
 */
export interface CpuUse {
  /** Average busy cores over the measurement. */
  cores: { server: number; database: number; loadGenerator: number; other: number; machine: number };
  /** CPU milliseconds per completed request. */
  msPerRequest: { server: number; database: number };
}

interface Snapshot {
  at: number;
  machineBusyMs: number;
  serverMs: number;
  databaseMs: number;
  selfMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on every Linux this runs on

export interface CpuProbe {
  snapshot(): Snapshot;
  between(start: Snapshot, end: Snapshot, requests: number): CpuUse;
}

/** Undefined where /proc is missing (macOS): the report then has no CPU columns. */
export function cpuProbe(options: { serverPid: number; postgresDataDir: string }): CpuProbe | undefined {
  if (!fs.existsSync('/proc/stat')) return undefined;
  const snapshot = (): Snapshot => {
    const processes = listProcesses();
    const postmaster = processes.find((p) => p.cmdline.includes(`-D ${options.postgresDataDir}`));
    const self = process.cpuUsage();
    return {
      at: performance.now(),
      machineBusyMs: machineBusyMs(),
      serverMs: treeCpuMs(processes, options.serverPid),
      databaseMs: postmaster ? treeCpuMs(processes, postmaster.pid) : 0,
      selfMs: (self.user + self.system) / 1000,
    };
  };
  const between = (a: Snapshot, b: Snapshot, requests: number): CpuUse => {
    const elapsed = b.at - a.at;
    const server = b.serverMs - a.serverMs;
    const database = b.databaseMs - a.databaseMs;
    const self = b.selfMs - a.selfMs;
    const machine = b.machineBusyMs - a.machineBusyMs;
    const cores = (ms: number) => round(ms / elapsed, 2);
    const perRequest = (ms: number) => (requests > 0 ? round(ms / requests, 3) : 0);
    return {
      cores: {
        server: cores(server),
        database: cores(database),
        loadGenerator: cores(self),
        other: cores(Math.max(0, machine - server - database - self)),
        machine: cores(machine),
      },
      msPerRequest: { server: perRequest(server), database: perRequest(database) },
    };
  };
  return { snapshot, between };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Busy time of all CPUs since boot: /proc/stat's first line less idle and iowait. */
function machineBusyMs(): number {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * TICK_MS;
}

interface ProcessInfo {
  pid: number;
  ppid: number;
  cpuMs: number;
  cmdline: string;
}

function listProcesses(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after "(comm)": state ppid … utime(12th) stime(13th) cutime(14th) cstime(15th). The
      // children's part counts what exited children used (PostgreSQL's parallel workers live for one
      // query): once reaped, their time moves to their parent's cutime/cstime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        cpuMs: (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS,
        cmdline: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '),
      });
    } catch {
      // exited while we looked
    }
  }
  return out;
}

function treeCpuMs(processes: ProcessInfo[], rootPid: number): number {
  const children = new Map<number, ProcessInfo[]>();
  for (const p of processes) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  let total = 0;
  const stack = processes.filter((p) => p.pid === rootPid);
  while (stack.length) {
    const p = stack.pop()!;
    total += p.cpuMs;
    stack.push(...(children.get(p.pid) ?? []));
  }
  return total;
}
