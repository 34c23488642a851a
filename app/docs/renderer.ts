import fs from 'node:fs';
import path from 'node:path';

/**
 * The /docs page's renderer: @scalar/api-reference's prebuilt browser bundle (ES module build, whose
 * heavy parts load as chunks only when used), served by this service from node_modules, never from a
 * CDN and never through Next's bundler. URLs carry the package's version, so they are cached as
 * immutable and an upgrade changes every URL.
 */
const PACKAGE_DIR = path.join(process.cwd(), 'node_modules', '@scalar', 'api-reference');
export const RENDERER_DIR = path.join(PACKAGE_DIR, 'dist', 'browser');

let version: string | undefined;

/** The installed version (read once). */
export function rendererVersion(): string {
  return (version ??= (
    JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }
  ).version);
}

/** The URL of the bundle's entry module. */
export function rendererEntryUrl(): string {
  return `/docs/renderer/${rendererVersion()}/standalone.esm.js`;
}

/**
 * The file a request for `segments` (below the version) may read, or null: JavaScript files of the
 * bundle's directory only (no source maps, no traversal, no other file of the package).
 */
export function rendererFile(segments: string[]): string | null {
  if (segments.length === 0 || segments.length > 2) return null;
  if (!segments.every((s) => /^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(s) && !s.includes('..'))) return null;
  if (segments.length === 2 && segments[0] !== 'chunks') return null;
  if (!segments[segments.length - 1]!.endsWith('.js')) return null;
  const file = path.join(RENDERER_DIR, ...segments);
  if (!file.startsWith(RENDERER_DIR + path.sep)) return null;
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}
