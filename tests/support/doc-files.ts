import fs from 'node:fs';
import path from 'node:path';

/** The repository's root. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Every Markdown file a reader is sent to: the README, docs/ and bench/README.md. Tests check that what
 * they name (paths, events) exists in the code; the code stays the source of truth.
 */
export function docFiles(): string[] {
  const inDocs = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? inDocs(full) : full.endsWith('.md') ? [full] : [];
    });
  return [
    path.join(repoRoot, 'README.md'),
    path.join(repoRoot, 'bench/README.md'),
    ...inDocs(path.join(repoRoot, 'docs')),
  ];
}
