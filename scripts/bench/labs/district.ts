/**
 * A district on several servers (issue 17): real server processes on one PostgreSQL, Redis and object store.
 *
 * - getUserInfo requests per second against one instance, then against two at once (one autocannon per
 *   instance, same connections each, run together and added up), and the ratio. The instances, PostgreSQL,
 *   Redis and both load generators all share this machine's cores: on 2 cores the second instance has no
 *   core of its own and the figure shows little gain; on a district's separate machines it would.
 * - The storage path: a ~20 MB course file (PDF) uploaded through the app and downloaded by its signed link,
 *   MB/s (10^6 bytes), on the local disk (one instance) and through the local fake S3 (uploaded on A,
 *   downloaded from B). The fake keeps objects in memory in this process, so the S3 figures measure the app's
 *   streaming and the SDK, not a real network or disk.
 *
 * Needs DATABASE_URL and REDIS_URL (as CI sets them); without them the row says so and measures nothing.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { passwordDigest, STATUS_OK } from '@ai-edu/contract';
import { openDatabase } from '@ai-edu/db';
import { createEmptyDatabase } from '../../../apps/server/src/district/empty-database.ts';
import {
  DISTRICT_SECRETS,
  startInstance,
  type Instance,
} from '../../../apps/server/src/district/instances.ts';
import { runAdminCommand } from '../../../apps/server/src/modules/admin/service.ts';
import { startFakeS3 } from '../../../apps/server/src/test/fake-s3.ts';
import { measure, type LoadSpec } from '../harness.ts';

export const name = 'district (several instances)';

type Figure = { label: string; value: number; unit: string; note?: string };

const CONNECTIONS = 10;
const FILE_BYTES = 20 * 1024 * 1024;
const PASSWORD = 'Bench2026ok';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function signIn(on: Instance, account: string): Promise<string> {
  const res = await fetch(`${on.url}/api/login_zm`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ account, password: passwordDigest(PASSWORD) }).toString(),
  });
  const body = (await res.json()) as { status: number; data?: { uid?: string } };
  if (body.status !== STATUS_OK || !body.data?.uid) throw new Error(`bench login failed: HTTP ${res.status}`);
  return body.data.uid;
}

/** Uploads `file` as a course attachment on `up` `times` times, downloads each from `down`: MB/s each way. */
async function storagePath(up: Instance, down: Instance, token: string, times: number, file: Buffer) {
  const created = await fetch(`${up.url}/api/courses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Bench course' }),
  });
  if (created.status !== 200) throw new Error(`bench course: HTTP ${created.status}`);
  const courseId = ((await created.json()) as { data: { id: string } }).data.id;
  let upMs = 0;
  let downMs = 0;
  for (let i = 0; i < times; i++) {
    const form = new FormData();
    form.set('purpose', 'attachment');
    form.set('file', new Blob([file], { type: 'application/pdf' }), 'bench.pdf');
    let started = performance.now();
    const uploaded = await fetch(`${up.url}/api/courses/${courseId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await uploaded.text();
    upMs += performance.now() - started;
    if (uploaded.status !== 200) throw new Error(`bench upload: HTTP ${uploaded.status} ${text}`);
    const { url } = (JSON.parse(text) as { data: { url: string } }).data;
    started = performance.now();
    const downloaded = await fetch(`${down.url}${url}`);
    const bytes = (await downloaded.arrayBuffer()).byteLength;
    downMs += performance.now() - started;
    if (downloaded.status !== 200 || bytes !== file.length) {
      throw new Error(`bench download: HTTP ${downloaded.status}, ${bytes} of ${file.length} bytes`);
    }
  }
  const mbPerSec = (ms: number) => (file.length * times) / 1e6 / (ms / 1000);
  return { up: mbPerSec(upMs), down: mbPerSec(downMs) };
}

export async function run({ durationSec }: { durationSec: number }): Promise<Figure[]> {
  const adminUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!adminUrl || !redisUrl) {
    process.stderr.write(`  … ${name}: skipped (needs DATABASE_URL and REDIS_URL)\n`);
    return [];
  }
  const empty = await createEmptyDatabase(adminUrl, 'district_bench');
  const s3 = await startFakeS3({ bucket: 'district-bench' });
  const shared = { DATABASE_URL: empty.url, REDIS_URL: redisUrl };
  const onS3 = {
    ...shared,
    STORAGE_URL: s3.url,
    STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
    STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  const instances: Instance[] = [];
  const database = openDatabase({ engine: 'postgres', url: empty.url, poolSize: 2 });
  try {
    // A migrates the empty database; B and the local-disk instance start on the migrated one.
    const a = await startInstance({ env: onS3 });
    instances.push(a);
    const [b, local] = await Promise.all([startInstance({ env: onS3 }), startInstance({ env: shared })]);
    instances.push(b, local);

    const account = `bench-${randomBytes(4).toString('hex')}@district.example`;
    await runAdminCommand(database.db, 'create-user', {
      account,
      password: PASSWORD,
      vip: '2',
      days: '365',
      company: 'Bench School',
    });
    const token = await signIn(a, account);
    const spec: LoadSpec = {
      method: 'POST',
      path: '/api/user/getUserInfo',
      headers: { ...FORM, authorization: `Bearer ${token}` },
      body: new URLSearchParams({ secret: DISTRICT_SECRETS.CLIENT_SECRET }).toString(),
    };
    // Each autocannon warms its instance up first (JIT, connection pools), B included.
    const settings = { durationSec, warmupSec: 2, connections: CONNECTIONS };
    // One instance: A alone, then B alone (the mean is the figure; the two show the spread).
    const alone = [await measure(a.url, spec, settings), await measure(b.url, spec, settings)];
    const one = (alone[0]!.requestsPerSec + alone[1]!.requestsPerSec) / 2;
    const both = await Promise.all([measure(a.url, spec, settings), measure(b.url, spec, settings)]);
    const two = both[0].requestsPerSec + both[1].requestsPerSec;
    const problems = [...alone, ...both].flatMap((m) => m.problems);

    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_BYTES - 9)]);
    const times = Math.max(2, Math.min(5, durationSec));
    const onDisk = await storagePath(local, local, token, times, file);
    const viaS3 = await storagePath(a, b, token, times, file);
    const problemNote = problems.length ? `; ${problems.join(', ')}` : '';
    return [
      {
        label: 'getUserInfo, one instance',
        value: one,
        unit: 'req/s',
        note: `${CONNECTIONS} connections; A alone ${Math.round(alone[0]!.requestsPerSec)}, B alone ${Math.round(alone[1]!.requestsPerSec)}${problemNote}`,
      },
      {
        label: 'getUserInfo, two instances together',
        value: two,
        unit: 'req/s',
        note: `${CONNECTIONS} connections each (${Math.round(both[0].requestsPerSec)} + ${Math.round(both[1].requestsPerSec)})`,
      },
      {
        label: 'two instances / one',
        value: two / one,
        unit: '×',
        // A second instance only adds throughput where there are cores for it to use.
        note: `instances, PostgreSQL, Redis and both load generators share ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)}): a second instance has no core of its own here`,
      },
      { label: 'course file upload, local disk', value: onDisk.up, unit: 'MB/s', note: `${times} × 20 MiB` },
      { label: 'course file download, local disk', value: onDisk.down, unit: 'MB/s' },
      {
        label: 'course file upload on A, fake S3',
        value: viaS3.up,
        unit: 'MB/s',
        note: 'in-memory S3 in the bench process',
      },
      { label: 'course file download from B, fake S3', value: viaS3.down, unit: 'MB/s' },
    ];
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await database.close();
    await s3.close();
    await empty.drop();
  }
}
