import type { Operation } from './operation';

/**
 * Which methods each `/api` path serves, from the documented operations (a test holds the route files
 * to that list), for answers given before Next's router: odd methods, OPTIONS, undecodable paths.
 * The operations are handed in once by whoever knows them all (instrumentation.ts, through
 * installServerEdge): this layer knows no domain.
 */
export interface ApiRoute {
  /** The OpenAPI path, `{param}` per dynamic segment. */
  path: string;
  methods: string[];
  /** Answers CORS preflights itself (the checkout button's routes export their own OPTIONS). */
  ownOptions: boolean;
}

interface Entry extends ApiRoute {
  segments: string[];
}

type RouteSource = Pick<Operation, 'path' | 'method' | 'security'>;

let operations: readonly RouteSource[] = [];
let table: Entry[] | undefined;

/** The operations the /api routes serve (replaces any given before). */
export function registerApiRoutes(list: readonly RouteSource[]): void {
  operations = list;
  table = undefined;
}

function entries(): Entry[] {
  if (table) return table;
  const byPath = new Map<string, Entry>();
  for (const op of operations) {
    const entry = byPath.get(op.path) ?? {
      path: op.path,
      methods: [],
      ownOptions: false,
      segments: op.path.split('/').filter(Boolean),
    };
    entry.methods.push(op.method);
    entry.ownOptions ||= op.security === 'embedToken';
    byPath.set(op.path, entry);
  }
  // As the App Router picks: at each segment, a static name before a parameter.
  const rank = (e: Entry) => e.segments.map((s) => (s.startsWith('{') ? '1' : '0')).join('');
  table = [...byPath.values()].sort((a, b) => rank(a).localeCompare(rank(b)));
  return table;
}

const isParam = (segment: string) => segment.startsWith('{');

/**
 * The route serving `segments` (already split, as written in the URL), or null. A segment that is not
 * valid percent-encoding (`undecodable`) can only be a parameter's value.
 */
export function findApiRoute(segments: string[], undecodable: ReadonlySet<number> = new Set()): ApiRoute | null {
  for (const entry of entries()) {
    if (entry.segments.length !== segments.length) continue;
    if (entry.segments.every((s, i) => isParam(s) || (!undecodable.has(i) && s === segments[i]))) return entry;
  }
  return null;
}

/** The name of the parameter at position `index` of `route`'s path (`checkout_id`), or null. */
export function parameterAt(route: ApiRoute, index: number): string | null {
  const segment = route.path.split('/').filter(Boolean)[index];
  return segment && isParam(segment) ? segment.slice(1, -1) : null;
}
