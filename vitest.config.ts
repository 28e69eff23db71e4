import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. Integration tests run on PGlite; with DATABASE_URL set the server project runs
 * a second time on that PostgreSQL (TEST_DB=postgres), each test file in a database of its own.
 */
const withPostgres = Boolean(process.env.DATABASE_URL);
/** The district test (real instances on one PostgreSQL and Redis, issue 17) runs only where both are set. */
const district = 'apps/server/src/district/**';
const withDistrict = withPostgres && Boolean(process.env.REDIS_URL);

/**
 * Limits for a stuck test, not speed checks: CI runs every project at once on a 2-core machine, where a
 * PGlite start or a 2,000-digit evaluation can take many times longer than on an idle one.
 */
const limits = { testTimeout: 180_000, hookTimeout: 180_000 };

/**
 * Vitest's default is one worker fewer than the cores: one on CI's 2 cores, which ran 272 files one after
 * another (22 min), a third of it starting a fresh worker and importing for each file. Most files wait on a
 * database or a child process as much as they compute, so two workers keep both cores busy
 * (docs/testing.md has the figures).
 */
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

/**
 * The server's test files in one worker process each, one after another, rather than a fresh process per file:
 * every file imports the whole app (Fastify, Drizzle, the AI providers…), and importing it again for each of
 * 72 files was half of the project's time (docs/testing.md: 380 s → 191 s on PGlite). Each file still builds
 * its own app and database in its hooks, and the server keeps its state in the app it builds, not in modules.
 */
const server = { isolate: false };

/** One migrated database per run and engine that each test file's database copies (packages/db/src/testing.ts). */
const migratedOnce = 'packages/db/src/test-templates.ts';

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], ...limits } },
      { test: { name: 'db', include: ['packages/db/src/**/*.test.ts'], ...limits } },
      { test: { name: 'ml', include: ['packages/ml/src/**/*.test.ts'], ...limits } },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // npm packages imported once per worker rather than per file: antd, React and zod again for each of
          // ~110 small files were most of the project's time (docs/testing.md); our own modules are still
          // fresh in every file (the setup file resets them).
          isolate: false,
          setupFiles: ['apps/web/src/test/fresh-modules.ts'],
          ...limits,
        },
      },
      {
        test: {
          name: 'server:pglite',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, district],
          env: { TEST_DB: 'pglite' },
          globalSetup: [migratedOnce],
          ...server,
          ...limits,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server:postgres',
                include: ['apps/server/src/**/*.test.ts'],
                exclude: [...configDefaults.exclude, ...(withDistrict ? [] : [district])],
                env: { TEST_DB: 'postgres' },
                globalSetup: [migratedOnce],
                ...server,
                ...limits,
              },
            },
          ]
        : []),
    ],
  },
});
