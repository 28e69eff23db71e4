/**
 * Starts the platform: one process serving the web app, the account service and the product API.
 * Embedded database (PGlite in DATA_DIR) unless DATABASE_URL is set.
 */
import path from 'node:path';
import { openDatabase } from '@ai-edu/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { Server as TlsServer } from 'node:tls';
import type { Server as HttpServer } from 'node:http';
import { prepareHttps, type PreparedHttps } from './https/prepare.ts';
import { createRedirectServer } from './https/redirect-server.ts';
import { acquireLock, releaseLock, updateLock } from './lib/data-lock.ts';
import { startBanner } from './start-banner.ts';
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

  // Before the database opens: a broken HTTPS_CERT_FILE stops start-up with a message naming it.
  let https: PreparedHttps;
  try {
    https = prepareHttps(config);
  } catch (error) {
    if (embedded) releaseLock(config.dataDir);
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const database = embedded
    ? openDatabase({ engine: 'pglite', dataDir: path.join(config.dataDir, 'db') })
    : openDatabase({ engine: 'postgres', url: config.databaseUrl! });
  await database.migrate();

  const adminToken = embedded ? newToken() : undefined;
  const app = await buildApp({ config, database, adminToken, tls: https.tls, caPem: https.caPem });

  const seeded = config.seedDemo ? await seedDemoData(database.db, config) : [];
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const secure = Boolean(https.tls);
  const lockHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  // The admin CLI talks to this URL over loopback (data-lock.ts).
  const url = `${secure ? 'https' : 'http'}://${lockHost.includes(':') ? `[${lockHost}]` : lockHost}:${port}`;
  if (embedded) updateLock(config.dataDir, { pid: process.pid, kind: 'server', url, adminToken });
  const stopKeeping = secure ? https.keepCurrent(app.server as unknown as TlsServer, app.log) : () => {};

  let redirect: HttpServer | undefined;
  if (config.httpRedirectPort !== undefined) {
    redirect = createRedirectServer(app, { https: config.https, port });
    await new Promise<void>((resolve, reject) => {
      redirect!.once('error', reject);
      redirect!.listen(config.httpRedirectPort, config.host, () => resolve());
    });
  }

  // Printed last, after everything that logs while starting, so the addresses and logins stay in view.
  console.log(
    startBanner({
      host: config.host,
      port,
      secure,
      httpsSummary: https.summary,
      redirectPort: config.httpRedirectPort,
      database: embedded
        ? `embedded (PGlite) in ${path.join(config.dataDir, 'db')}`
        : 'PostgreSQL (DATABASE_URL)',
      storedFiles:
        config.storage.kind === 's3'
          ? `S3 bucket ${config.storage.bucket} (STORAGE_URL)`
          : `local disk in ${config.dataDir}`,
      outbox:
        !config.mail.smtpUrl || config.sms.provider === 'none'
          ? path.join(config.dataDir, 'outbox.jsonl')
          : undefined,
      demoAccounts: seeded.map((demo) => ({
        account: demo.account,
        password: demo.password,
        what: demo.what,
      })),
    }),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      stopKeeping();
      redirect?.close();
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
