import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration after a change to src/schema.ts; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
});
