import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate`: migrations are generated from the schema, never pushed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/platform/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
