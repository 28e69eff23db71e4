import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../test/fake-openai.ts';
import { createTestApp, multipartBody, signedInUser, type TestApp } from '../../test/helpers.ts';
import { DEMO_COURSES, seedDemoCourses } from '../../seed/demo-courses.ts';

let database: TestDatabase;
let t: TestApp;
let teacher: string;
let otherTeacher: string;
let student: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  teacher = (await signedInUser(t, 'teach@example.com', { vip: '2', days: '30', company: 'Lake School' }))
    .uid;
  otherTeacher = (
    await signedInUser(t, 'other@example.com', { vip: '2', days: '30', company: 'Hill School' })
  ).uid;
  student = (await signedInUser(t, 'pupil@lake', { vip: '1' })).uid;
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

const as = (
  uid: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function newCourse(uid = teacher) {
  const res = await as(uid, 'POST', '/api/courses', {
    title: 'Robots',
    description: 'Sense, decide, act',
    level: 'beginner',
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { id: string } }>().data.id;
}

function upload(
  uid: string,
  courseId: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer },
) {
  const body = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/files`,
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en', ...body.headers },
    payload: body.payload,
  });
}

const storedFiles = async () => (await readdir(path.join(t.config.dataDir, 'files')).catch(() => [])).sort();

describe('courses', () => {
  it('lets a school account create a course with ordered sessions, and students read it with progress', async () => {
    const id = await newCourse();
    const s1 = await as(teacher, 'POST', `/api/courses/${id}/sessions`, {
      title: 'One',
      body: '# Hi',
      labs: ['neuralNetworks'],
    });
    const s2 = await as(teacher, 'POST', `/api/courses/${id}/sessions`, { title: 'Two' });
    const [one, two] = [s1, s2].map((r) => r.json<{ data: { id: string; position: number } }>().data);
    expect([one!.position, two!.position]).toEqual([1, 2]);
    expect(
      (await as(teacher, 'PUT', `/api/courses/${id}/sessions/order`, { ids: [two!.id, one!.id] })).statusCode,
    ).toBe(200);
    expect(
      (await as(teacher, 'PUT', `/api/courses/${id}/sessions/order`, { ids: [two!.id] })).statusCode,
    ).toBe(400);

    expect((await as(student, 'POST', `/api/courses/${id}/sessions/${one!.id}/complete`)).statusCode).toBe(
      200,
    );
    const seen = await as(student, 'GET', `/api/courses/${id}`);
    const detail = seen.json<{
      data: {
        canEdit: boolean;
        completed: number;
        sessions: number;
        sessionList: { title: string; labs: string[]; completed: boolean }[];
      };
    }>().data;
    expect(detail).toMatchObject({ canEdit: false, completed: 1, sessions: 2 });
    expect(detail.sessionList.map((s) => [s.title, s.completed])).toEqual([
      ['Two', false],
      ['One', true],
    ]);
    const list = await as(student, 'GET', '/api/courses');
    expect(
      list.json<{ data: { id: string; completed: number }[] }>().data.find((c) => c.id === id),
    ).toMatchObject({ completed: 1 });
  });

  it('refuses edits by students and by other schools, and bad input', async () => {
    const id = await newCourse();
    expect((await as(student, 'POST', '/api/courses', { title: 'Mine' })).statusCode).toBe(403);
    expect((await as(student, 'PATCH', `/api/courses/${id}`, { title: 'Hacked' })).statusCode).toBe(403);
    expect((await as(otherTeacher, 'PATCH', `/api/courses/${id}`, { title: 'Hacked' })).statusCode).toBe(403);
    expect((await as(student, 'POST', `/api/courses/${id}/sessions`, { title: 'x' })).statusCode).toBe(403);
    expect((await as(otherTeacher, 'DELETE', `/api/courses/${id}`)).statusCode).toBe(403);
    expect(
      (await as(teacher, 'POST', `/api/courses/${id}/sessions`, { title: 'x', labs: ['noSuchLab'] }))
        .statusCode,
    ).toBe(400);
    expect((await as(teacher, 'POST', '/api/courses', { title: '' })).statusCode).toBe(400);
    expect((await as(teacher, 'GET', '/api/courses/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    const renamed = await as(teacher, 'PATCH', `/api/courses/${id}`, { title: 'Robots 2' });
    expect(renamed.json<{ data: { title: string } }>().data.title).toBe('Robots 2');
  });

  it('stores an image cover and serves it by a signed link; refuses a non-image cover and stores nothing', async () => {
    const id = await newCourse();
    const before = await storedFiles();
    const text = await upload(
      teacher,
      id,
      { purpose: 'cover' },
      { name: 'cover.png', content: Buffer.from('not really a png file') },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json<{ message: string }>().message).toBe(
      'please choose a valid image file (PNG, JPEG, GIF or WebP)',
    );
    const pdfAsCover = await upload(
      teacher,
      id,
      { purpose: 'cover' },
      { name: 'a.pdf', content: Buffer.from('%PDF-1.7 test document') },
    );
    expect(pdfAsCover.statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);

    const ok = await upload(teacher, id, { purpose: 'cover' }, { name: 'cover.png', content: TINY_PNG });
    expect(ok.statusCode).toBe(200);
    const file = ok.json<{ data: { url: string; kind: string; mime: string } }>().data;
    expect(file).toMatchObject({ kind: 'image', mime: 'image/png' });
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: file.url.replace(/sig=[^&]+/, 'sig=x') })).statusCode,
    ).toBe(403);
    // Followed in a browser, a stale or broken link lands on a page that says the file is gone.
    const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate' };
    const staleLinks = [
      file.url.replace(/sig=[^&]+/, 'sig=x'),
      file.url.replace(/\/api\/files\/[^?]+/, '/api/files/not-an-id'),
      file.url.replace(/\/api\/files\/[^?]+/, `/api/files/${randomUUID()}`),
    ];
    for (const url of staleLinks) {
      const followed = await t.app.inject({ method: 'GET', url, headers: page });
      expect(followed.statusCode, url).toBe(303);
      expect(followed.headers.location).toBe('/course?missing=file');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: file.url, headers: page })).rawPayload.equals(TINY_PNG),
    ).toBe(true);
    const course = await as(student, 'GET', `/api/courses/${id}`);
    expect(course.json<{ data: { coverUrl: string | null } }>().data.coverUrl).toMatch(/^\/api\/files\//);
  });

  it('refuses an oversized image and leaves no bytes behind', async () => {
    const id = await newCourse();
    const before = await storedFiles();
    const huge = Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload(teacher, id, { purpose: 'image' }, { name: 'huge.png', content: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe('the file is too large');
    expect(await storedFiles()).toEqual(before);
  });

  it('attaches documents to sessions, serves byte ranges, and a student cannot upload', async () => {
    const id = await newCourse();
    const sid = (await as(teacher, 'POST', `/api/courses/${id}/sessions`, { title: 'With files' })).json<{
      data: { id: string };
    }>().data.id;
    const pdf = Buffer.from('%PDF-1.7\n' + 'x'.repeat(100));
    const res = await upload(
      teacher,
      id,
      { purpose: 'attachment', sessionId: sid },
      { name: '../../etc/notes.pdf', content: pdf },
    );
    const file = res.json<{ data: { url: string; filename: string; sessionId: string } }>().data;
    expect(file).toMatchObject({ filename: 'notes.pdf', sessionId: sid });
    const part = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF');
    const exe = await upload(
      teacher,
      id,
      { purpose: 'attachment' },
      { name: 'tool.exe', content: Buffer.from('MZ\x90\x00 windows program') },
    );
    expect(exe.statusCode).toBe(415);
    const byStudent = await upload(student, id, { purpose: 'attachment' }, { name: 'a.pdf', content: pdf });
    expect(byStudent.statusCode).toBe(403);
    const wrongSession = await upload(
      teacher,
      id,
      { purpose: 'attachment', sessionId: 'nope' },
      { name: 'a.pdf', content: pdf },
    );
    expect(wrongSession.statusCode).toBe(400);
  });

  it('seeds the demo courses, each with lessons that link to labs', async () => {
    const db2 = await createTestDatabase();
    try {
      expect(await seedDemoCourses(db2.db)).toBe(DEMO_COURSES.length);
      expect(await seedDemoCourses(db2.db)).toBe(0);
      const t2 = await createTestApp({}, db2);
      try {
        const uid = (await signedInUser(t2, 'seed@example.com')).uid;
        const list = await t2.app.inject({
          method: 'GET',
          url: '/api/courses',
          headers: { authorization: `Bearer ${uid}` },
        });
        const courses = list.json<{ data: { sessions: number }[] }>().data;
        expect(courses).toHaveLength(DEMO_COURSES.length);
        expect(courses.every((c) => c.sessions >= 2)).toBe(true);
      } finally {
        await t2.close();
      }
    } finally {
      await db2.dispose();
    }
  });
});
