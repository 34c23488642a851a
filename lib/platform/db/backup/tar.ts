import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

/**
 * A gzipped ustar archive, written and read here rather than by the npm package `tar`: a live data
 * directory has files that shrink or vanish while they are read (VACUUM truncates, DROP unlinks),
 * which is normal for a base backup (the WAL replay repairs them) but an error to general archivers.
 * Like pg_basebackup, a vanished file is left out and a shrunken one is padded with zeros. The result
 * is a plain .tar.gz: `tar tzf` lists it, `tar xzf` unpacks it.
 */
const BLOCK = 512;
const CHUNK = 1 << 20;
const MAX_SIZE = 8 * 1024 ** 3 - 1; // 11 octal digits; PostgreSQL splits relations into 1 GB files

export class TarWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly out: fs.WriteStream;
  private readonly closed: Promise<void>;
  bytesIn = 0;

  constructor(file: string) {
    this.out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
    this.gzip.pipe(this.out);
    this.closed = finished(this.out);
    this.closed.catch(() => {}); // surfaced by finish(); a write error also rejects the next write
  }

  async directory(name: string, mode: number): Promise<void> {
    await this.write(header(name.endsWith('/') ? name : `${name}/`, mode, 0, '5'));
  }

  async buffer(name: string, data: Buffer, mode = 0o600): Promise<void> {
    await this.write(header(name, mode, data.length, '0'));
    await this.write(data);
    await this.write(Buffer.alloc(padding(data.length)));
  }

  /** A file as it is now, up to `size` bytes (its length when listed). False when it vanished. */
  async file(name: string, source: string, size: number, mode: number): Promise<boolean> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      await this.write(header(name, mode, size, '0'));
      let done = 0;
      while (done < size) {
        const chunk = Buffer.alloc(Math.min(CHUNK, size - done));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, done);
        if (bytesRead === 0) break; // it shrank: the rest stays zeros, as pg_basebackup does
        await this.write(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead));
        done += bytesRead;
      }
      await this.write(Buffer.alloc(size - done + padding(size)));
      return true;
    } finally {
      await handle.close();
    }
  }

  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.closed;
  }

  /** Stops writing (after an error); the caller removes the file. */
  async abort(): Promise<void> {
    this.gzip.destroy();
    this.out.destroy();
    await this.closed.catch(() => {});
  }

  private async write(data: Buffer): Promise<void> {
    this.bytesIn += data.length;
    if (!this.gzip.write(data)) await Promise.race([once(this.gzip, 'drain'), this.closed]);
    if (this.out.errored) throw this.out.errored;
  }
}

function header(name: string, mode: number, size: number, type: '0' | '5'): Buffer {
  if (size > MAX_SIZE) throw new Error(`${name} is larger than a tar entry can hold`);
  const block = Buffer.alloc(BLOCK);
  const [prefix, base] = splitName(name);
  block.write(base, 0, 100, 'utf8');
  octal(block, 100, 8, mode & 0o7777);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, size);
  octal(block, 136, 12, Math.floor(Date.now() / 1000));
  block.write('        ', 148, 8, 'ascii');
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'ascii');
  return block;
}

/** ustar keeps a name in 100 bytes, or splits a longer one at a slash into a 155-byte prefix. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name.slice(i + 1)) <= 100)
      return [prefix, name.slice(i + 1)];
  }
  throw new Error(`${name}: the path is too long for a tar entry`);
}

function octal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'ascii');
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/**
 * Unpacks an archive written by TarWriter into `dest` (files and directories only; a name that would
 * leave `dest` is refused). `owner`: who the unpacked files belong to (the postgres user under root).
 */
export async function extractTar(
  archive: string,
  dest: string,
  owner?: { uid: number; gid: number },
): Promise<{ files: number; bytes: number }> {
  const reader = new TarReader(archive, path.resolve(dest), owner);
  try {
    for await (const chunk of fs.createReadStream(archive).pipe(zlib.createGunzip()) as AsyncIterable<Buffer>)
      await reader.push(chunk);
  } finally {
    await reader.entry?.handle.close();
  }
  if (reader.entry || !reader.ended) throw new Error(`${archive} is incomplete (it ends in the middle)`);
  return { files: reader.files, bytes: reader.bytes };
}

class TarReader {
  entry: { handle: fs.promises.FileHandle; remaining: number; skip: number } | null = null;
  ended = false;
  files = 0;
  bytes = 0;
  private pending: Buffer = Buffer.alloc(0);

  constructor(
    private readonly archive: string,
    private readonly dest: string,
    private readonly owner?: { uid: number; gid: number },
  ) {}

  async push(chunk: Buffer): Promise<void> {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (!this.ended) {
      if (this.entry && !(await this.fileData(this.entry))) return;
      if (this.pending.length < BLOCK) return;
      const block = this.pending.subarray(0, BLOCK);
      this.pending = this.pending.subarray(BLOCK);
      if (block.every((b) => b === 0)) this.ended = true;
      else await this.startEntry(block);
    }
  }

  /** Writes what has arrived of the current file; true once it and its padding are complete. */
  private async fileData(entry: NonNullable<TarReader['entry']>): Promise<boolean> {
    const take = Math.min(entry.remaining, this.pending.length);
    if (take) await entry.handle.write(this.pending.subarray(0, take));
    entry.remaining -= take;
    this.bytes += take;
    const skip = Math.min(entry.skip, this.pending.length - take);
    entry.skip -= skip;
    this.pending = this.pending.subarray(take + skip);
    if (entry.remaining || entry.skip) return false;
    await entry.handle.close();
    this.entry = null;
    return true;
  }

  private async startEntry(block: Buffer): Promise<void> {
    const field = (offset: number, length: number) =>
      block.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');
    const number = (offset: number, length: number) => parseInt(field(offset, length).trim() || '0', 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (sum !== number(148, 8))
      throw new Error(`${this.archive} is not a backup archive (a header's checksum is wrong)`);
    const prefix = field(345, 155);
    const name = ((prefix ? `${prefix}/` : '') + field(0, 100)).replace(/\/$/, '');
    const mode = number(100, 8);
    const type = field(156, 1) || '0';
    const full = path.resolve(this.dest, name);
    if (path.isAbsolute(name) || !full.startsWith(this.dest + path.sep))
      throw new Error(`${this.archive}: the entry ${name} points outside the directory it unpacks to`);
    if (type === '5') {
      await fs.promises.mkdir(full, { recursive: true });
      await fs.promises.chmod(full, mode);
      if (this.owner) await fs.promises.chown(full, this.owner.uid, this.owner.gid);
      return;
    }
    if (type !== '0') throw new Error(`${this.archive}: ${name} is neither a file nor a directory`);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    const handle = await fs.promises.open(full, 'wx', mode);
    if (this.owner) await handle.chown(this.owner.uid, this.owner.gid);
    this.files++;
    const size = number(124, 12);
    this.entry = { handle, remaining: size, skip: padding(size) };
  }
}
