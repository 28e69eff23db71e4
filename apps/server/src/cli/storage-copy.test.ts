/**
 * `npm run storage:copy` against the local fake S3 server and a DATA_DIR holding a few stored files. Two
 * runs are real child processes, as an operator runs it (exit codes, output); the others run the same
 * command in this process, which spares a Node start and the TypeScript transform per run.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.ts';
import { runCommand } from './program.ts';
import { explainBucketRefusal, STORAGE_COPY_USAGE, storageCopy } from './storage-copy-command.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = 'apps/server/src/cli/storage-copy.ts';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Our environment without storage settings the test does not give. */
function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of ['STORAGE_URL', 'STORAGE_ACCESS_KEY_ID', 'STORAGE_SECRET_ACCESS_KEY']) {
    if (!(name in env)) delete childEnv[name];
  }
  return childEnv;
}

/** The command in this process. */
async function run(args: string[], env: Record<string, string>): Promise<Exit> {
  let stdout = '';
  let stderr = '';
  const code = await runCommand(
    storageCopy,
    {
      argv: args,
      env: environment(env),
      out: (line) => (stdout += `${line}\n`),
      err: (line) => (stderr += `${line}\n`),
    },
    { usage: STORAGE_COPY_USAGE, explain: explainBucketRefusal },
  );
  return { code, stdout, stderr };
}

/** `npm run storage:copy` as an operator runs it: a child process. */
function runProgram(args: string[], env: Record<string, string>): Promise<Exit> {
  const childEnv = environment(env);
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run storage:copy', () => {
  let s3: FakeS3;
  let dataDir: string;
  let env: Record<string, string>;
  const files: Record<string, Buffer> = {
    'files/2f0c6a10-0000-4000-8000-000000000001': Buffer.alloc(300_000, 1),
    'files/2f0c6a10-0000-4000-8000-000000000002': Buffer.from('a small course file'),
    'train/5b7e0e2a-0000-4000-8000-000000000003.png': Buffer.alloc(2048, 7),
    'paintings/9d1f0000-0000-4000-8000-000000000004': Buffer.alloc(1024, 9),
  };

  beforeAll(async () => {
    s3 = await startFakeS3({ accessKeyId: 'copy-key', secretAccessKey: 'copy-secret', bucket: 'district' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'storage-copy-'));
    for (const [key, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dataDir, key)), { recursive: true });
      await writeFile(path.join(dataDir, key), body);
    }
    // What a crash leaves (an unfinished upload) and what is not a stored file are not copied.
    await writeFile(path.join(dataDir, 'files', 'x.0f3c.part'), 'half');
    await mkdir(path.join(dataDir, 'db'));
    await writeFile(path.join(dataDir, 'db', 'PG_VERSION'), '17');
    env = {
      DATA_DIR: dataDir,
      STORAGE_URL: s3.url,
      STORAGE_ACCESS_KEY_ID: 'copy-key',
      STORAGE_SECRET_ACCESS_KEY: 'copy-secret',
    };
  });

  afterAll(async () => {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses without an s3:// STORAGE_URL, saying so', async () => {
    const result = await runProgram([], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/STORAGE_URL is not set to an s3:\/\/ URL/);
    const malformed = await run([], { DATA_DIR: dataDir, STORAGE_URL: 'https://bucket.example.com' });
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/STORAGE_URL must start with s3:\/\//);
  });

  it('lists without copying on --dry-run', async () => {
    const result = await runProgram(['--dry-run'], env);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    for (const key of Object.keys(files)) expect(result.stdout).toContain(`would copy ${key}`);
    expect(result.stdout).toMatch(/Would copy 4 file\(s\), 0\.3 MB; skipped 0/);
    expect(s3.objects().size).toBe(0);
  });

  it('copies every area under the same keys, then copies nothing on a second run', async () => {
    const first = await run([], env);
    expect(first.stderr).not.toMatch(/error/i);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Copied 4 file\(s\), 0\.3 MB; skipped 0 /);
    const objects = s3.objects();
    expect([...objects.keys()].sort()).toEqual(Object.keys(files).sort());
    for (const [key, body] of Object.entries(files)) expect(objects.get(key)?.equals(body)).toBe(true);

    const second = await run([], env);
    expect(second.code).toBe(0);
    expect(second.stdout).not.toMatch(/^copied /m);
    expect(second.stdout).toMatch(/Copied 0 file\(s\), 0\.0 MB; skipped 4 already in the bucket/);
  });

  it('copies again a file whose copy in the bucket has another size (an interrupted run)', async () => {
    const key = 'files/2f0c6a10-0000-4000-8000-000000000002';
    await writeFile(path.join(dataDir, key), 'a longer version of the small course file');
    const result = await run([], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Copied 1 file\(s\), 0\.0 MB; skipped 3 /);
    expect(s3.objects().get(key)?.toString()).toBe('a longer version of the small course file');
  });

  it('stops with the bucket refusal in one line when the secret is wrong', async () => {
    const result = await run([], { ...env, STORAGE_SECRET_ACCESS_KEY: 'wrong' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^The bucket refused: SignatureDoesNotMatch/m);
  });
});
