import { LAB_SLUGS, passwordDigest } from '@ai-edu/contract';
import { classes, classLessons, classStudents, users } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { AdminCommandError, runAdminCommand } from '../admin/service.ts';
import { labsOpenNow } from './access.ts';

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

async function labsOf(account: string) {
  const login = await t.post('/api/login_zm', { account, password: passwordDigest('Abcd1234') });
  const uid = login.json<{ data: { uid: string } }>().data.uid;
  const info = await t.post('/api/user/getUserInfo', { secret: t.config.secrets.clientSecret, user_id: uid });
  return info.json<{ data: { labs: string[] } }>().data.labs;
}

describe('lab access', () => {
  it('opens every lab by default, and denies per account and per school', async () => {
    const db = t.database.db;
    await runAdminCommand(db, 'create-user', {
      account: 'pupil@school',
      password: 'Abcd1234',
      vip: '1',
      company: 'Hill School',
    });
    await runAdminCommand(db, 'create-user', {
      account: 'other@school',
      password: 'Abcd1234',
      vip: '1',
      company: 'Hill School',
    });
    expect(await labsOf('pupil@school')).toEqual([...LAB_SLUGS]);

    await runAdminCommand(db, 'lab-access', { account: 'pupil@school', deny: 'aiChat, textToImage' });
    await runAdminCommand(db, 'lab-access', { company: 'Hill School', deny: 'flappyBird' });
    const pupil = await labsOf('pupil@school');
    expect(pupil).not.toContain('aiChat');
    expect(pupil).not.toContain('textToImage');
    expect(pupil).not.toContain('flappyBird');
    expect(pupil).toHaveLength(LAB_SLUGS.length - 3);
    expect(await labsOf('other@school')).toEqual(LAB_SLUGS.filter((s) => s !== 'flappyBird'));

    await runAdminCommand(db, 'lab-access', { account: 'pupil@school', deny: '' });
    expect(await labsOf('pupil@school')).toEqual(LAB_SLUGS.filter((s) => s !== 'flappyBird'));
  });

  it('refuses unknown labs and ambiguous targets with a clear message', async () => {
    const db = t.database.db;
    await expect(
      runAdminCommand(db, 'lab-access', { account: 'pupil@school', deny: 'aiChat,noSuchLab' }),
    ).rejects.toThrow(/unknown lab 'noSuchLab'/);
    await expect(runAdminCommand(db, 'lab-access', { deny: 'aiChat' })).rejects.toBeInstanceOf(
      AdminCommandError,
    );
    await expect(
      runAdminCommand(db, 'lab-access', { account: 'pupil@school', company: 'Hill School', deny: 'aiChat' }),
    ).rejects.toThrow(/exactly one/);
  });
});

describe('labsOpenNow (lesson mode)', () => {
  it("narrows a student's labs to a locking lesson of their class while it runs, and no one else's", async () => {
    const db = t.database.db;
    const now = new Date(Date.UTC(2026, 4, 4, 2));
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    const [school, pupil, other] = await db
      .insert(users)
      .values([
        { account: 'lesson-school@x.cn', vip: 2 },
        { account: 'kid@lesson' },
        { account: 'kid@other' },
      ])
      .returning();
    const [klass, otherClass] = await db
      .insert(classes)
      .values([
        { ownerId: school!.id, name: 'A', schoolCode: 'lesson' },
        { ownerId: school!.id, name: 'B', schoolCode: 'other' },
      ])
      .returning();
    await db.insert(classStudents).values([
      { classId: klass!.id, userId: pupil!.id, displayName: 'Kid' },
      { classId: otherClass!.id, userId: other!.id, displayName: 'Other' },
    ]);
    const allowed = LAB_SLUGS.filter((s) => s !== 'flappyBird');
    const lesson = (values: Partial<typeof classLessons.$inferInsert>) =>
      db
        .insert(classLessons)
        .values({
          classId: klass!.id,
          labs: ['aiChat', 'flappyBird'],
          lockOthers: 1,
          startsAt: minutes(-10),
          endsAt: minutes(35),
          ...values,
        })
        .returning();

    expect(await labsOpenNow(db, pupil!, allowed, now)).toEqual(allowed);
    // Not yet started, ended early, not locking: nothing changes.
    await lesson({ startsAt: minutes(40), endsAt: minutes(85) });
    await lesson({ endedAt: minutes(-1) });
    await lesson({ startsAt: minutes(-20), lockOthers: 0 });
    expect(await labsOpenNow(db, pupil!, allowed, now)).toEqual(allowed);

    // The latest running lesson locks: only its labs the admin allows stay open, until its end.
    await lesson({});
    expect(await labsOpenNow(db, pupil!, allowed, now)).toEqual(['aiChat']);
    expect(await labsOpenNow(db, pupil!, allowed, minutes(35))).toEqual(allowed);
    expect(await labsOpenNow(db, other!, allowed, now)).toEqual(allowed);
    expect(await labsOpenNow(db, school!, allowed, now)).toEqual(allowed);
  });
});
