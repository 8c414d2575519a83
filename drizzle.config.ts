import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and applied by `wrangler d1 migrations apply`.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './migrations',
});
