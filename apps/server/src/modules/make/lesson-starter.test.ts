/**
 * A lesson hands out a studio project (issue 26): the teacher picks a catalogue starter or one of their own
 * projects; a student of the class opens it as their own copy, once per lesson. Also the thumbnail's checks,
 * and the live view's "building" column.
 */
import {
  makeStarterById,
  type Lesson,
  type LiveClass,
  type MakeLessonStarter,
  type MakeLessonStarterOpened,
  type MakeProject,
  type MakeProjectList,
  type MakeProjectSummary,
} from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { as, testClass, type TestClass } from '../lessons/test-class.ts';

let database: TestDatabase;
let t: TestApp;
let c: TestClass;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});
beforeEach(async () => {
  c = await testClass(t);
});

const program = { blocks: { languageVersion: 0, blocks: [{ type: 'text_print', id: 'p' }] } };
const lessonUrl = (classId: string) => `/api/classes/${classId}/lesson`;

async function ok<T>(reply: ReturnType<typeof as>): Promise<T> {
  const res = await reply;
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductReply<T>>().data;
}

const startLesson = (uid: string, starter: unknown) =>
  as(t, uid, 'POST', lessonUrl(c.classId), { labs: ['aiChat'], minutes: 45, lockOthers: false, starter });
const open = (uid: string) => as(t, uid, 'POST', '/api/make/lesson-starter/open');
const messageOf = async (reply: ReturnType<typeof as>) => (await reply).json<{ message: string }>().message;

describe('a lesson’s studio project', () => {
  it('gives each student of the class one copy of a catalogue starter, the same one when opened again', async () => {
    const lesson = await ok<Lesson>(startLesson(c.teacher.uid, { kind: 'catalogue', id: 'arrow-keys' }));
    const starter = makeStarterById('arrow-keys')!;
    expect(lesson.starter).toEqual({ kind: 'catalogue', name: starter.name });

    const [amy, ben] = c.students as [TestClass['students'][0], TestClass['students'][0]];
    expect(await ok<MakeLessonStarter>(as(t, amy.uid, 'GET', '/api/make/lesson-starter'))).toEqual({
      lessonId: lesson.id,
      name: 'Steer the robot',
      projectId: null,
    });

    const first = await ok<MakeLessonStarterOpened>(open(amy.uid));
    expect(first.created).toBe(true);
    expect(first.project.name).toBe('Steer the robot');
    const again = await ok<MakeLessonStarterOpened>(open(amy.uid));
    expect(again).toMatchObject({ created: false, project: { id: first.project.id } });
    const list = await ok<MakeProjectList>(as(t, amy.uid, 'GET', '/api/make/projects'));
    expect(list.projects.map((p) => p.id)).toEqual([first.project.id]);
    const copy = await ok<MakeProject>(as(t, amy.uid, 'GET', `/api/make/projects/${first.project.id}`));
    expect(copy.workspace).toEqual(starter.workspace.en);
    expect(await ok<MakeLessonStarter>(as(t, amy.uid, 'GET', '/api/make/lesson-starter'))).toMatchObject({
      projectId: first.project.id,
    });

    // Two clicks at once still make one copy.
    const both = await Promise.all([
      ok<MakeLessonStarterOpened>(open(ben.uid)),
      ok<MakeLessonStarterOpened>(open(ben.uid)),
    ]);
    expect(both[0].project.id).toBe(both[1].project.id);
    expect(both.filter((b) => b.created)).toHaveLength(1);
    expect(both[0].project.id).not.toBe(first.project.id);

    // A new lesson with the same starter is a new copy; a lesson ended gives nothing.
    await ok<Lesson>(startLesson(c.teacher.uid, { kind: 'catalogue', id: 'arrow-keys' }));
    const next = await ok<MakeLessonStarterOpened>(open(amy.uid));
    expect(next.created).toBe(true);
    await ok(as(t, c.teacher.uid, 'DELETE', lessonUrl(c.classId)));
    expect((await open(amy.uid)).statusCode).toBe(404);
    expect(await ok(as(t, amy.uid, 'GET', '/api/make/lesson-starter'))).toBeNull();
  });

  it('names the copy in the student’s language', async () => {
    await ok<Lesson>(startLesson(c.teacher.uid, { kind: 'catalogue', id: 'key-piano' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/make/lesson-starter/open',
      headers: { authorization: `Bearer ${c.students[0]!.uid}`, 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductReply<MakeLessonStarterOpened>>().data.project.name).toBe('键盘钢琴');
  });

  it('hands out a copy of the teacher’s own project as it was when the lesson started', async () => {
    const own = await ok<MakeProject>(
      as(t, c.teacher.uid, 'POST', '/api/make/projects', { name: 'Maze', workspace: program }),
    );
    const lesson = await ok<Lesson>(startLesson(c.teacher.uid, { kind: 'project', id: own.id }));
    expect(lesson.starter).toEqual({ kind: 'project', name: { en: 'Maze', 'zh-CN': 'Maze' } });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/make/projects/${own.id}`,
      headers: { authorization: `Bearer ${c.teacher.uid}` },
      payload: { workspace: {} },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const opened = await ok<MakeLessonStarterOpened>(open(c.students[0]!.uid));
    const copy = await ok<MakeProject>(
      as(t, c.students[0]!.uid, 'GET', `/api/make/projects/${opened.project.id}`),
    );
    expect(copy).toMatchObject({ name: 'Maze', workspace: program });
  });

  it('refuses a starter that does not exist, or someone else’s project', async () => {
    const unknown = startLesson(c.teacher.uid, { kind: 'catalogue', id: 'no-such-starter' });
    expect((await unknown).statusCode).toBe(400);
    expect(
      await messageOf(startLesson(c.teacher.uid, { kind: 'catalogue', id: 'no-such-starter' })),
    ).toContain('no starter project has this id');
    expect((await startLesson(c.teacher.uid, { kind: 'film', id: 1 })).statusCode).toBe(400);
    const amys = await ok<MakeProject>(
      as(t, c.students[0]!.uid, 'POST', '/api/make/projects', { name: 'Mine', workspace: program }),
    );
    expect((await startLesson(c.teacher.uid, { kind: 'project', id: amys.id })).statusCode).toBe(404);
    // Nothing was started by the refused requests.
    expect(await ok(as(t, c.teacher.uid, 'GET', lessonUrl(c.classId)))).toBeNull();
  });

  it('is only for a student of the class with the running lesson', async () => {
    await ok<Lesson>(startLesson(c.teacher.uid, { kind: 'catalogue', id: 'arrow-keys' }));
    expect((await open(c.outsider.uid)).statusCode).toBe(404);
    expect(await messageOf(open(c.outsider.uid))).toContain('no running lesson with a studio project');
    expect(await ok(as(t, c.outsider.uid, 'GET', '/api/make/lesson-starter'))).toBeNull();
    expect((await open(c.vip0.uid)).statusCode).toBe(404);
    expect((await open(c.teacher.uid)).statusCode).toBe(403);
    expect((await open(c.school.uid)).statusCode).toBe(403);
    expect((await as(t, '', 'POST', '/api/make/lesson-starter/open')).statusCode).toBe(401);
    // A lesson without a project hands out nothing.
    await ok<Lesson>(startLesson(c.teacher.uid, null));
    expect((await open(c.students[0]!.uid)).statusCode).toBe(404);
  });

  it('shows in the live view which project each student is building', async () => {
    const amy = c.students[0]!;
    await ok<Lesson>(startLesson(c.teacher.uid, { kind: 'catalogue', id: 'arrow-keys' }));
    const opened = await ok<MakeLessonStarterOpened>(open(amy.uid));
    const live = await ok<LiveClass>(as(t, c.teacher.uid, 'GET', `/api/classes/${c.classId}/live`));
    expect(live.lesson?.starter?.name.en).toBe('Steer the robot');
    const row = live.students.find((s) => s.userId === amy.id);
    expect(row?.making).toEqual({ projectName: 'Steer the robot', updatedAt: opened.project.updatedAt });
    expect(row?.status).toBe('active');
    expect(live.students.find((s) => s.userId === c.students[1]!.id)?.making).toBeNull();

    t.clock.advance(16 * 60_000);
    const later = await ok<LiveClass>(as(t, c.teacher.uid, 'GET', `/api/classes/${c.classId}/live`));
    expect(later.students.find((s) => s.userId === amy.id)?.making).toBeNull();
  });
});

describe('thumbnails', () => {
  // The smallest PNG (1 × 1) and a WebP header: real images' first bytes.
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const webp = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

  it('stores an image with the project and shows it in the list and the teacher view', async () => {
    const amy = c.students[0]!;
    const project = await ok<MakeProjectSummary>(
      as(t, amy.uid, 'POST', '/api/make/projects', { name: 'Pic', workspace: program }),
    );
    expect(project.thumbnail).toBeNull();
    t.clock.advance(5_000);
    await ok(as(t, amy.uid, 'PUT', `/api/make/projects/${project.id}/thumbnail`, { thumbnail: png }));
    const list = await ok<MakeProjectList>(as(t, amy.uid, 'GET', '/api/make/projects'));
    // A picture is not a change of the program.
    expect(list.projects[0]).toMatchObject({ thumbnail: png, updatedAt: project.updatedAt });
    await ok(as(t, amy.uid, 'PUT', `/api/make/projects/${project.id}/thumbnail`, { thumbnail: webp }));
    const teaching = await ok<{ classes: { projects: { id: number; thumbnail: string | null }[] }[] }>(
      as(t, c.teacher.uid, 'GET', '/api/make/teaching'),
    );
    expect(teaching.classes.flatMap((k) => k.projects)).toContainEqual(
      expect.objectContaining({ id: project.id, thumbnail: webp }),
    );
    // Someone else's project is not found.
    const put = as(t, c.students[1]!.uid, 'PUT', `/api/make/projects/${project.id}/thumbnail`, {
      thumbnail: png,
    });
    expect((await put).statusCode).toBe(404);
  });

  it('refuses what is too large or not an image, with a message', async () => {
    const amy = c.students[0]!;
    const project = await ok<MakeProjectSummary>(
      as(t, amy.uid, 'POST', '/api/make/projects', { name: 'Pic', workspace: program }),
    );
    const put = (thumbnail: unknown) =>
      as(t, amy.uid, 'PUT', `/api/make/projects/${project.id}/thumbnail`, { thumbnail });
    const tooLarge = `${png.slice(0, -2)}${'A'.repeat(31 * 1024)}==`;
    expect((await put(tooLarge)).statusCode).toBe(400);
    expect(await messageOf(put(tooLarge))).toContain('the thumbnail is larger than 30 KB');
    const notImage = [
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:image/svg+xml;base64,PHN2Zy8+',
      // Says PNG, holds HTML.
      'data:image/png;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:image/png;base64,A',
      'javascript:alert(1)',
      png.replace('base64,', 'base64,"><script>'),
    ];
    for (const thumbnail of notImage) {
      const res = await put(thumbnail);
      expect(res.statusCode, thumbnail).toBe(400);
      expect(res.json<{ message: string }>().message, thumbnail).toContain(
        'must be a PNG, WebP or JPEG image',
      );
    }
    expect((await put(42)).statusCode).toBe(400);
    const list = await ok<MakeProjectList>(as(t, amy.uid, 'GET', '/api/make/projects'));
    expect(list.projects[0]?.thumbnail).toBeNull();
  });
});
