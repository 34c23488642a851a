import { spawn } from 'node:child_process';

export interface ProgramRun {
  stdout: string;
  stderr: string;
  code: number | null;
}

/**
 * Runs a program to its end without blocking this process, which may be serving the program's
 * requests (the tests that run samples and generated clients against the service).
 */
export function runProgram(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; input?: string | Buffer },
): Promise<ProgramRun> {
  return new Promise<ProgramRun>((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code }));
    child.stdin.end(options.input ?? '');
  });
}
