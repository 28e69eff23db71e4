import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs `main.ts` (as `npm start` does) with only `env`, and returns how it ended. */
async function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'main-test-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, output };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const productionSecrets = {
  NODE_ENV: 'production',
  ACCOUNT_SIGN_KEY: 'main-test-sign-key-0123456789',
  CLIENT_SECRET: 'main-test-client-secret-0123456789',
  CODE_SECRET: 'main-test-code-secret-0123456789',
  MEDIA_SECRET: 'main-test-media-secret-0123456789',
};

describe('starting an instance on a shared database', () => {
  it('refuses in production without SETTINGS_SECRET, before touching the database', async () => {
    // Port 1: nothing answers there, so getting past the check would fail differently (and later).
    const { code, output } = await start({
      ...productionSecrets,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_URL is set but SETTINGS_SECRET is not');
  });
});

describe('starting with HTTPS', () => {
  it('stops before listening when HTTPS_CERT_FILE is broken, naming the variable and the file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'main-test-cert-'));
    try {
      const certFile = path.join(dir, 'school.crt');
      await writeFile(certFile, 'this is not a certificate');
      await writeFile(path.join(dir, 'school.key'), 'nor a key');
      const { code, output } = await start({
        PORT: '0',
        HTTPS_CERT_FILE: certFile,
        HTTPS_KEY_FILE: path.join(dir, 'school.key'),
      });
      expect(code).toBe(1);
      expect(output).toContain(`HTTPS_CERT_FILE ${certFile} holds no certificate`);
      expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
