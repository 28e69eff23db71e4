/** Sharing studio projects (issue 26): share links, the class gallery and the teacher view. */
import {
  MAKE,
  type MakeGallery,
  type MakeProjectList,
  type MakeProjectSummary,
  type MakeShareLink,
  type MakeSharedProject,
  type MakeTeachingList,
} from '@ai-edu/contract';
import { makeProjects, users } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { as, dataOf, signInStu, testSchool, type Person, type TestSchool } from '../classes/test-school.ts';

let database: TestDatabase;
let t: TestApp;
let school: TestSchool;
/** Amy and Bea are in class A, Zoe (`zed`) in class B; the teacher teaches A, the other teacher B. */
let amy: Person;
let bea: Person;
let zed: Person;

const program = { blocks: { languageVersion: 0, blocks: [{ type: 'text_print', id: 'p' }] }, variables: [] };

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  school = await testSchool(t);
  amy = school.people.student;
  bea = await newStudent(school.classA, 'Bea');
  zed = await newStudent(school.classB, 'Zoe');
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

/** A new student of the class, signed in (the fixture keeps no passwords). */
async function newStudent(classId: string, name: string): Promise<Person> {
  const [made] = await dataOf<{ userId: string; account: string; password: string }[]>(
    as(t, school.people.school.uid, 'POST', `/api/classes/${classId}/students`, { names: [name] }),
  );
  if (!made) throw new Error('no student made');
  return { id: made.userId, account: made.account, uid: await signInStu(t, made.account, made.password) };
}

const newProject = (who: Person, name: string) =>
  dataOf<MakeProjectSummary>(as(t, who.uid, 'POST', '/api/make/projects', { name, workspace: program }));

const status = async (reply: ReturnType<typeof as>) => (await reply).statusCode;

describe('share links', () => {
  it('opens the project read-only for anyone signed in, remixes it into the reader’s projects, and stops when revoked', async () => {
    const project = await newProject(amy, 'Rocket');
    const { token } = await dataOf<MakeShareLink>(
      as(t, amy.uid, 'POST', `/api/make/projects/${project.id}/share-link`),
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const [row] = await database.db.select().from(makeProjects).where(eq(makeProjects.id, project.id));
    expect(row?.shareTokenHash).not.toContain(token);
    expect(row?.shareTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const outsider = school.people.vip0;
    const shared = await dataOf<MakeSharedProject>(as(t, outsider.uid, 'GET', `/api/make/shared/${token}`));
    expect(shared).toMatchObject({ name: 'Rocket', authorName: 'Amy', workspace: program });
    expect(await status(as(t, undefined, 'GET', `/api/make/shared/${token}`))).toBe(401);

    const copy = await dataOf<MakeProjectSummary>(
      as(t, outsider.uid, 'POST', `/api/make/shared/${token}/remix`),
    );
    expect(copy).toMatchObject({ name: 'Rocket (copy)', sharedWithClass: false, hasShareLink: false });
    const mine = await dataOf<MakeProjectList>(as(t, outsider.uid, 'GET', '/api/make/projects'));
    expect(mine.projects.map((p) => p.id)).toContain(copy.id);

    // A new link replaces the old one; revoking ends the new one too.
    const second = await dataOf<MakeShareLink>(
      as(t, amy.uid, 'POST', `/api/make/projects/${project.id}/share-link`),
    );
    expect(await status(as(t, outsider.uid, 'GET', `/api/make/shared/${token}`))).toBe(404);
    expect(await status(as(t, outsider.uid, 'GET', `/api/make/shared/${second.token}`))).toBe(200);
    await dataOf(as(t, amy.uid, 'DELETE', `/api/make/projects/${project.id}/share-link`));
    const gone = await as(t, outsider.uid, 'GET', `/api/make/shared/${second.token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ message: string }>().message).toMatch(/share link does not work/);
    expect(await status(as(t, outsider.uid, 'POST', `/api/make/shared/${second.token}/remix`))).toBe(404);
    expect(await status(as(t, outsider.uid, 'GET', '/api/make/shared/not-a-token'))).toBe(404);
  });

  it('lets only the owner make or revoke a link or share with the class', async () => {
    const project = await newProject(amy, 'Mine');
    expect(await status(as(t, bea.uid, 'POST', `/api/make/projects/${project.id}/share-link`))).toBe(404);
    expect(await status(as(t, bea.uid, 'DELETE', `/api/make/projects/${project.id}/share-link`))).toBe(404);
    expect(
      await status(as(t, bea.uid, 'PUT', `/api/make/projects/${project.id}/class-share`, { shared: true })),
    ).toBe(404);
    expect(
      await status(as(t, amy.uid, 'PUT', `/api/make/projects/${project.id}/class-share`, { shared: 'yes' })),
    ).toBe(400);
  });

  it('counts a remix against the reader’s limit', async () => {
    const project = await newProject(amy, 'Popular');
    const { token } = await dataOf<MakeShareLink>(
      as(t, amy.uid, 'POST', `/api/make/projects/${project.id}/share-link`),
    );
    const reader = school.people.otherSchool;
    const have = (await dataOf<MakeProjectList>(as(t, reader.uid, 'GET', '/api/make/projects'))).projects
      .length;
    for (let i = have; i < MAKE.maxProjectsPerUser; i++) await newProject(reader, `P${i}`);
    const full = await as(t, reader.uid, 'POST', `/api/make/shared/${token}/remix`);
    expect(full.statusCode).toBe(409);
    expect(full.json<{ message: string }>().message).toMatch(/50 studio projects/);
  });
});

describe('the class gallery', () => {
  it('shows classmates the projects shared with the class, never outsiders, until unshared', async () => {
    const project = await newProject(amy, 'Shared maze');
    const hidden = await newProject(amy, 'Private maze');
    const summary = await dataOf<MakeProjectSummary>(
      as(t, amy.uid, 'PUT', `/api/make/projects/${project.id}/class-share`, { shared: true }),
    );
    expect(summary.sharedWithClass).toBe(true);

    const gallery = await dataOf<MakeGallery>(as(t, bea.uid, 'GET', '/api/make/gallery'));
    expect(gallery.items.map((i) => i.name)).toContain('Shared maze');
    expect(gallery.items.map((i) => i.name)).not.toContain('Private maze');
    expect(gallery.items.find((i) => i.id === project.id)?.authorName).toBe('Amy');
    const read = await dataOf<MakeSharedProject>(as(t, bea.uid, 'GET', `/api/make/readable/${project.id}`));
    expect(read.workspace).toEqual(program);
    expect(await status(as(t, bea.uid, 'GET', `/api/make/readable/${hidden.id}`))).toBe(404);
    const copy = await dataOf<MakeProjectSummary>(
      as(t, bea.uid, 'POST', `/api/make/readable/${project.id}/remix`),
    );
    expect(copy.name).toBe('Shared maze (copy)');

    // Zed's class is another: nothing shows, nothing opens.
    const outside = await dataOf<MakeGallery>(as(t, zed.uid, 'GET', '/api/make/gallery'));
    expect(outside.items.map((i) => i.id)).not.toContain(project.id);
    expect(await status(as(t, zed.uid, 'GET', `/api/make/readable/${project.id}`))).toBe(404);
    expect(await status(as(t, zed.uid, 'POST', `/api/make/readable/${project.id}/remix`))).toBe(404);
    // The owner's own gallery leaves out their own projects.
    const own = await dataOf<MakeGallery>(as(t, amy.uid, 'GET', '/api/make/gallery'));
    expect(own.items.map((i) => i.id)).not.toContain(project.id);

    await dataOf(as(t, amy.uid, 'PUT', `/api/make/projects/${project.id}/class-share`, { shared: false }));
    const after = await dataOf<MakeGallery>(as(t, bea.uid, 'GET', '/api/make/gallery'));
    expect(after.items.map((i) => i.id)).not.toContain(project.id);
    expect(await status(as(t, bea.uid, 'GET', `/api/make/readable/${project.id}`))).toBe(404);
  });
});

describe('the teacher view', () => {
  it('shows a teacher every project of their classes’ students, and nothing of other classes', async () => {
    const amys = await newProject(amy, 'Unshared robot');
    const zeds = await newProject(zed, 'Zoe’s robot');
    const teaching = await dataOf<MakeTeachingList>(
      as(t, school.people.teacher.uid, 'GET', '/api/make/teaching'),
    );
    expect(teaching.classes.map((c) => c.classId)).toEqual([school.classA]);
    const names = teaching.classes[0]!.projects.map((p) => p.name);
    expect(names).toContain('Unshared robot');
    expect(names).not.toContain('Zoe’s robot');

    const read = await dataOf<MakeSharedProject>(
      as(t, school.people.teacher.uid, 'GET', `/api/make/readable/${amys.id}`),
    );
    expect(read).toMatchObject({ name: 'Unshared robot', authorName: 'Amy' });
    expect(await status(as(t, school.people.teacher.uid, 'GET', `/api/make/readable/${zeds.id}`))).toBe(404);
    // The other teacher teaches B only; another school's teacher nothing here.
    expect(await status(as(t, school.people.otherTeacher.uid, 'GET', `/api/make/readable/${amys.id}`))).toBe(
      404,
    );
    expect(await status(as(t, school.people.otherTeacher.uid, 'GET', `/api/make/readable/${zeds.id}`))).toBe(
      200,
    );
    expect(await status(as(t, school.foreignTeacher.uid, 'GET', `/api/make/readable/${amys.id}`))).toBe(404);
    const foreign = await dataOf<MakeTeachingList>(
      as(t, school.foreignTeacher.uid, 'GET', '/api/make/teaching'),
    );
    expect(foreign.classes.flatMap((c) => c.projects)).toEqual([]);
    // A student is no teacher: an empty list, and a classmate's unshared project stays closed.
    expect((await dataOf<MakeTeachingList>(as(t, bea.uid, 'GET', '/api/make/teaching'))).classes).toEqual([]);
    expect(await status(as(t, bea.uid, 'GET', `/api/make/readable/${amys.id}`))).toBe(404);

    // The school sees all its classes.
    const all = await dataOf<MakeTeachingList>(as(t, school.people.school.uid, 'GET', '/api/make/teaching'));
    expect(all.classes.map((c) => c.classId).sort()).toEqual([school.classA, school.classB].sort());
  });

  it('stops showing a teacher the projects once the school’s authorization has ended', async () => {
    const amys = await newProject(amy, 'Late robot');
    const schoolId = school.people.school.id;
    const [before] = await database.db
      .select({ validUntil: users.validUntil })
      .from(users)
      .where(eq(users.id, schoolId));
    await database.db
      .update(users)
      .set({ validUntil: new Date(0) })
      .where(eq(users.id, schoolId));
    try {
      expect(await status(as(t, school.people.teacher.uid, 'GET', `/api/make/readable/${amys.id}`))).toBe(
        404,
      );
      const list = await dataOf<MakeTeachingList>(
        as(t, school.people.teacher.uid, 'GET', '/api/make/teaching'),
      );
      expect(list.classes).toEqual([]);
    } finally {
      await database.db
        .update(users)
        .set({ validUntil: before?.validUntil ?? null })
        .where(eq(users.id, schoolId));
    }
  });
});
