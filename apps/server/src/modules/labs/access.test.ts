import { LAB_SLUGS, passwordDigest } from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { AdminCommandError, runAdminCommand } from '../admin/service.ts';

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
