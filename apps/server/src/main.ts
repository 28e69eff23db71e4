/**
 * Starts the platform: one process serving the web app, the account service and the product API.
 * Embedded database (PGlite in DATA_DIR) unless DATABASE_URL is set.
 */
import path from 'node:path';
import { openDatabase } from '@ai-edu/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { acquireLock, releaseLock, updateLock } from './lib/data-lock.ts';
import { newToken } from './lib/tokens.ts';
import { seedDemoData } from './seed/index.ts';

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

/**
 * With DATABASE_URL this may be one of several instances (docs/operations.md, "Several machines"). Whatever
 * an instance keeps for itself must then be shared: in production a missing SETTINGS_SECRET is refused (each
 * instance would make its own key in its DATA_DIR, and an AI key saved through one instance could not be
 * read by the others); the rest is only wrong with several instances, so it is a warning.
 */
function sharedStateWarnings(config: Config): string[] {
  if (!config.databaseUrl) return [];
  if (!config.settingsSecret && config.env === 'production') {
    fail(
      'DATABASE_URL is set but SETTINGS_SECRET is not. Every instance on one database must encrypt the admin ' +
        "console's saved keys with the same secret: set SETTINGS_SECRET (16+ random characters, the same on " +
        'every instance). See docs/operations.md, "Several machines (a district)".',
    );
  }
  const warnings: string[] = [];
  if (!config.settingsSecret) {
    warnings.push(
      `SETTINGS_SECRET is unset: saved AI keys are encrypted with a key in ${config.dataDir}, which other instances do not have (refused in production).`,
    );
  }
  if (!config.redisUrl) {
    warnings.push(
      'REDIS_URL is unset: rate limits are counted per instance, so N instances allow N times as much.',
    );
  }
  if (config.storage.kind === 'local') {
    warnings.push(
      `STORAGE_URL is unset: files are stored in ${config.dataDir}, which other instances cannot read.`,
    );
  }
  return warnings;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const embedded = !config.databaseUrl;
  for (const warning of sharedStateWarnings(config)) console.warn(`\n  Warning: ${warning}`);
  if (embedded) {
    const lock = acquireLock(config.dataDir, { pid: process.pid, kind: 'server' });
    if (!lock.ok) {
      fail(
        lock.holder.kind === 'server'
          ? `Another server (pid ${lock.holder.pid}, ${lock.holder.url ?? 'starting'}) is using ${config.dataDir}. Stop it first, or set DATA_DIR to another folder.`
          : `An admin command (pid ${lock.holder.pid}) is using ${config.dataDir}. Wait for it to finish, then start again.`,
      );
    }
  }

  const database = embedded
    ? openDatabase({ engine: 'pglite', dataDir: path.join(config.dataDir, 'db') })
    : openDatabase({ engine: 'postgres', url: config.databaseUrl! });
  await database.migrate();

  const adminToken = embedded ? newToken() : undefined;
  const app = await buildApp({ config, database, adminToken });

  const seeded = config.seedDemo ? await seedDemoData(database.db, config) : [];
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  if (embedded) updateLock(config.dataDir, { pid: process.pid, kind: 'server', url, adminToken });

  const lines = [
    '',
    `  AI Lab is running at ${url}`,
    `  Database: ${embedded ? `embedded (PGlite) in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Stored files: ${config.storage.kind === 's3' ? `S3 bucket ${config.storage.bucket} (STORAGE_URL)` : `local disk in ${config.dataDir}`}`,
  ];
  if (!config.mail.smtpUrl || config.sms.provider === 'none') {
    lines.push(
      `  Verification codes without a mail/SMS provider go to ${path.join(config.dataDir, 'outbox.jsonl')}`,
    );
  }
  if (seeded.length) {
    lines.push('', '  Demo accounts (log in with the password form):');
    for (const demo of seeded)
      lines.push(`    ${demo.account.padEnd(22)} ${demo.password.padEnd(12)} ${demo.what}`);
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      if (embedded) releaseLock(config.dataDir);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
