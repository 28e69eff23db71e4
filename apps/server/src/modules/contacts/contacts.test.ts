import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { runAdminCommand } from '../admin/service.ts';
import { DEMO_CONTACTS } from './demo-contacts.ts';
import { seedDemoContacts } from './service.ts';

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

const getList = async () => (await t.app.inject({ method: 'GET', url: '/contact.json' })).json<unknown[]>();

describe('contact list', () => {
  it('is empty until seeded, then serves the demo list publicly', async () => {
    expect(await getList()).toEqual([]);
    await seedDemoContacts(t.database.db, t.clock.now());
    const list = await getList();
    expect(list).toHaveLength(DEMO_CONTACTS.length);
    expect(list[0]).toMatchObject({ area: '华北区', region: '北京', name: '王晓明' });
  });

  it('is replaced whole by a valid file, filling optional fields', async () => {
    const document = JSON.stringify([{ area: 'North', region: 'Oslo', name: 'Kari', phone: '4712345678' }]);
    const result = await runAdminCommand(t.database.db, 'contacts', { document });
    expect(result).toEqual({ contacts: 1, areas: ['North'] });
    expect(await getList()).toEqual([
      {
        area: 'North',
        region: 'Oslo',
        name: 'Kari',
        phone: '4712345678',
        phone2: '',
        job: '',
        address: '',
        email: '',
        qrData: '',
        url: '',
      },
    ]);
  });

  it('rejects a bad file whole with the reasons and keeps the old list', async () => {
    const before = await getList();
    await expect(runAdminCommand(t.database.db, 'contacts', { document: '{not json' })).rejects.toThrow(
      /not valid JSON/,
    );
    const bad = JSON.stringify([
      { area: 'North', region: 'Oslo', name: 'Ok' },
      {
        area: 'North',
        region: 'Oslo',
        name: '',
        email: 'nope',
        url: 'https://cdn.example.com/qr.png',
        extra: 1,
      },
    ]);
    const failure = runAdminCommand(t.database.db, 'contacts', { document: bad });
    await expect(failure).rejects.toThrow(/nothing was changed/);
    await expect(runAdminCommand(t.database.db, 'contacts', { document: bad })).rejects.toThrow(
      /1\.name|1\.email|1\.url/,
    );
    expect(await getList()).toEqual(before);
  });
});
