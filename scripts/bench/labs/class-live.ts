/**
 * The live view of a class (issue 16): what one teacher polling `GET /api/classes/:id/live` every
 * LIVE_REFRESH_MS adds to the server's CPU while a class of 40 students is active (each posting an
 * experience log every ~10 s). Target: ≤ 5 % added.
 *
 * The real app on PGlite in a temporary DATA_DIR (as `npm start` runs it, so the database's work is in this
 * process too), seeded with a school, a class of 40 students with a session each, three days of experience
 * logs, AI requests and ledger rows. Measured, in turn for `durationSec` each: students only, then students
 * and the teacher, then students only and the teacher again (the two runs of each averaged). CPU % is this
 * process's user + system CPU time over wall time, in % of one core. The HTTP client runs in this process
 * too, so the figures include its share: they overstate the server's.
 *
 * Over a few seconds two timer-driven loads differ by little and the machine's noise shows, so the added
 * CPU is also worked out from the cost of one poll: the CPU time of 100 polls in a row, divided by the
 * refresh interval.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LAB_SLUGS, LIVE_REFRESH_MS, type LiveClass } from '@ai-edu/contract';
import { aiRequests, classes, experienceLogs, openDatabase } from '@ai-edu/db';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { createUser } from '../../../apps/server/src/modules/admin/service.ts';
import { createSession } from '../../../apps/server/src/modules/auth/sessions.ts';
import { createStudents } from '../../../apps/server/src/modules/classes/service.ts';
import { applyCreditChange } from '../../../apps/server/src/modules/credits/service.ts';
import { findUserById } from '../../../apps/server/src/modules/users/accounts.ts';

export const name = 'class live view (40 students)';

const STUDENTS = 40;
const LOG_EVERY_MS = 10_000;
const TARGET_PERCENT = 5;
const POLLS_FOR_COST = 100;

type Figure = { label: string; value: number; unit: string; note?: string };

interface Client {
  request(method: 'GET' | 'POST', url: string, token: string, form?: Record<string, string>): Promise<string>;
  close(): void;
}

function client(base: string): Client {
  const agent = new http.Agent({ keepAlive: true, maxSockets: STUDENTS + 2 });
  return {
    request: (method, url, token, form) =>
      new Promise((resolve, reject) => {
        const body = form ? new URLSearchParams(form).toString() : undefined;
        const req = http.request(
          `${base}${url}`,
          {
            method,
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              if (res.statusCode === 200) resolve(text);
              else reject(new Error(`${method} ${url}: HTTP ${res.statusCode} ${text}`));
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}

/** A school, its class of 40, a session each, and three days of history. */
async function seed(db: Parameters<typeof createStudents>[0]) {
  const now = new Date();
  const created = await createUser(
    db,
    { account: 'live-bench-school@example.com', vip: 2, days: 365, company: 'Bench School', admin: false },
    now,
  );
  const school = (await findUserById(db, created.id))!;
  await applyCreditChange(db, { userId: school.id, delta: 100_000, reason: 'bench grant' });
  const [klass] = await db
    .insert(classes)
    .values({ ownerId: school.id, name: 'Grade 5 Class 2', schoolCode: 'livebench' })
    .returning();
  const names = Array.from({ length: STUDENTS }, (_, i) => `s${String(i + 1).padStart(2, '0')}`);
  const students = await createStudents(
    db,
    school,
    klass!,
    names.map((name) => ({ name })),
    now,
  );
  const tokens: string[] = [];
  const day = 86_400_000;
  for (const [i, s] of students.entries()) {
    tokens.push(await createSession(db, s.userId, now));
    const logs = Array.from({ length: 300 }, (_, n) => {
      const lab = LAB_SLUGS[(i + Math.floor(n / 2)) % LAB_SLUGS.length]!;
      return {
        userId: s.userId,
        type: n % 2,
        path: `/ailab/${lab}`,
        createdAt: new Date(now.getTime() - 3 * day + n * (day / 100)),
      };
    });
    await db.insert(experienceLogs).values(logs);
    await db.insert(aiRequests).values(
      Array.from({ length: 20 }, (_, n) => ({
        userId: s.userId,
        kind: 'chat',
        cost: 1,
        status: 'succeeded',
        createdAt: new Date(now.getTime() - 3 * day + n * (day / 7)),
      })),
    );
    await applyCreditChange(db, { userId: s.userId, delta: 50, reason: 'bench grant' });
    for (let n = 0; n < 10; n++)
      await applyCreditChange(db, { userId: s.userId, delta: -1, reason: 'ai:chat' });
    await applyCreditChange(db, { userId: s.userId, delta: 1, reason: 'refund:chat' });
  }
  const teacherToken = await createSession(db, school.id, now);
  return { classId: klass!.id, tokens, teacherToken };
}

/** Each student logs a lab enter or leave every ~10 s, starting at a random point of the first 10 s. */
function studentsLogging(api: Client, tokens: string[]) {
  let stopped = false;
  let errors = 0;
  const timers = new Set<NodeJS.Timeout>();
  const loops = tokens.map((token, i) => {
    let n = 0;
    const lab = LAB_SLUGS[i % LAB_SLUGS.length]!;
    const tick = () => {
      if (stopped) return;
      const type = String(n++ % 2);
      api
        .request('POST', '/api/log/experience', token, { type, path: `/ailab/${lab}` })
        .catch(() => errors++)
        .finally(() => schedule(LOG_EVERY_MS * (0.9 + Math.random() * 0.2)));
    };
    const schedule = (ms: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        tick();
      }, ms);
      timers.add(timer);
    };
    schedule(Math.random() * LOG_EVERY_MS);
    return tick;
  });
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      return { loops: loops.length, errors };
    },
  };
}

/** The teacher's page: one poll at once, then every LIVE_REFRESH_MS. Returns each poll's latency. */
function teacherPolling(api: Client, url: string, token: string) {
  const latencies: number[] = [];
  let errors = 0;
  const poll = async () => {
    const started = performance.now();
    try {
      await api.request('GET', url, token);
      latencies.push(performance.now() - started);
    } catch {
      errors++;
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), LIVE_REFRESH_MS);
  return {
    stop() {
      clearInterval(timer);
      return { latencies, errors };
    },
  };
}

/** This process's CPU over wall time while `during` runs for `ms`, in % of one core. */
async function cpuPercent(ms: number, during: () => { stop(): unknown }): Promise<number> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const load = during();
  await new Promise((resolve) => setTimeout(resolve, ms));
  load.stop();
  const used = process.cpuUsage(cpu);
  return ((used.user + used.system) / 1000 / (performance.now() - wall)) * 100;
}

const fixed = (n: number, digits = 2) => Number(n.toFixed(digits));

export async function run({ durationSec }: { durationSec: number }): Promise<Figure[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-live-'));
  const database = openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'never',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = client(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  try {
    const { classId, tokens, teacherToken } = await seed(database.db);
    const liveUrl = `/api/classes/${classId}/live`;
    // Warm up (JIT, prepared statements) and check the answer is the real one.
    const first = JSON.parse(await api.request('GET', liveUrl, teacherToken)) as { data: LiveClass };
    if (first.data.students.length !== STUDENTS) throw new Error('the live view did not list the class');
    for (let i = 0; i < 20; i++) await api.request('GET', liveUrl, teacherToken);

    const phaseMs = durationSec * 1000;
    const latencies: number[] = [];
    let pollErrors = 0;
    const studentsOnly = () => studentsLogging(api, tokens);
    const withTeacher = () => {
      const students = studentsLogging(api, tokens);
      const teacher = teacherPolling(api, liveUrl, teacherToken);
      return {
        stop() {
          students.stop();
          const polled = teacher.stop();
          latencies.push(...polled.latencies);
          pollErrors += polled.errors;
        },
      };
    };
    const base1 = await cpuPercent(phaseMs, studentsOnly);
    const live1 = await cpuPercent(phaseMs, withTeacher);
    const base2 = await cpuPercent(phaseMs, studentsOnly);
    const live2 = await cpuPercent(phaseMs, withTeacher);
    const base = (base1 + base2) / 2;
    const live = (live1 + live2) / 2;

    // The cost of one poll, with the class active in the data: CPU time and latency of polls in a row.
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < POLLS_FOR_COST; i++) await api.request('GET', liveUrl, teacherToken);
    const wallPerPoll = (performance.now() - started) / POLLS_FOR_COST;
    const used = process.cpuUsage(cpu);
    const cpuPerPoll = (used.user + used.system) / 1000 / POLLS_FOR_COST;
    const addedFromCost = (cpuPerPoll / LIVE_REFRESH_MS) * 100;

    const last = JSON.parse(await api.request('GET', liveUrl, teacherToken)) as { data: LiveClass };
    const active = last.data.students.filter((s) => s.status === 'active').length;
    const sorted = [...latencies].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const refresh = `refresh every ${LIVE_REFRESH_MS / 1000} s`;
    return [
      {
        label: 'CPU, 40 students logging',
        value: fixed(base),
        unit: '% of a core',
        note: `2 × ${durationSec} s: ${fixed(base1)} and ${fixed(base2)} %`,
      },
      {
        label: 'CPU, 40 students + teacher polling',
        value: fixed(live),
        unit: '% of a core',
        note: `2 × ${durationSec} s: ${fixed(live1)} and ${fixed(live2)} %; ${latencies.length} polls, median ${fixed(median, 1)} ms${pollErrors ? `, ${pollErrors} failed` : ''}`,
      },
      {
        label: 'added CPU, measured',
        value: fixed(live - base),
        unit: '% of a core',
        note: `${fixed((live - base) / TARGET_PERCENT)}× the ≤ ${TARGET_PERCENT} % target; the difference of two noisy loads`,
      },
      {
        label: 'one poll of the live view',
        value: fixed(cpuPerPoll),
        unit: 'ms CPU',
        note: `${fixed(wallPerPoll)} ms wall each, ${POLLS_FOR_COST} in a row; ${active}/${STUDENTS} students active`,
      },
      {
        label: 'added CPU, from the cost of a poll',
        value: fixed(addedFromCost, 3),
        unit: '% of a core',
        note: `${fixed(addedFromCost / TARGET_PERCENT, 3)}× the ≤ ${TARGET_PERCENT} % target (${refresh})`,
      },
    ];
  } finally {
    api.close();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
