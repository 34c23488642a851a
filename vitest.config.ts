import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { droppedArrayTypesFetch } from './lib/platform/db/unavailable';

const alias = { '@': path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    // A database the tests stop on purpose may break a connection while postgres.js reads its array
    // types, which that driver never awaits: the app's processes log it as a warning
    // (survivingDatabaseOutages), and the tests do not count it as an error either. Any other
    // unhandled error still fails the run.
    onUnhandledError: (error) => !droppedArrayTypesFetch(error),
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/database-per-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
