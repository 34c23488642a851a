/**
 * Run after tsup: it writes the same declarations twice (dist/index.d.ts for `import`, index.d.cts
 * for `require`), each carrying the whole generated API (about 260 KB). The ES module's declarations
 * re-export the CommonJS ones instead, which halves the package: ESM may import CommonJS, never the
 * other way round. tests/integration/client-package.test.ts type-checks both ways of loading it.
 */
import fs from 'node:fs';

fs.writeFileSync(new URL('../dist/index.d.ts', import.meta.url), "export * from './index.cjs';\n");
