import {
  MAKE,
  type MakeProject,
  type MakeProjectList,
  type MakeProjectSummary,
  type MakeVersionList,
} from '@ai-edu/contract';
import { makeProjects } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type ProductReply, type TestApp } from '../../test/helpers.ts';

let database: TestDatabase;
let t: TestApp;
let amy: { uid: string; id: string };
let ben: { uid: string; id: string };

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  amy = await signedInUser(t, 'make.amy@example.com', { vip: '1' });
  ben = await signedInUser(t, 'make.ben@example.com', { vip: '1' });
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.delete(makeProjects);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as = (uid: string, method: Method, url: string, payload?: object | string) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${uid}`,
      'accept-language': 'en',
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

async function ok<T>(res: Promise<{ statusCode: number; body: string }>): Promise<T> {
  const reply = await res;
  expect(reply.statusCode, reply.body).toBe(200);
  return (JSON.parse(reply.body) as ProductReply<T>).data;
}

/** `text_print(6 × 7)`, as Blockly's JSON serialisation writes it. */
const program = (a = 6, b = 7) => ({
  blocks: {
    languageVersion: 0,
    blocks: [
      {
        type: 'text_print',
        id: 'print',
        x: 20,
        y: 20,
        inputs: {
          TEXT: {
            block: {
              type: 'math_arithmetic',
              id: 'times',
              fields: { OP: 'MULTIPLY' },
              inputs: {
                A: { block: { type: 'math_number', id: 'a', fields: { NUM: a } } },
                B: { block: { type: 'math_number', id: 'b', fields: { NUM: b } } },
              },
            },
          },
        },
      },
    ],
  },
  variables: [{ name: 'count', id: 'v1' }],
});

const create = (uid: string, body: object) => ok<MakeProject>(as(uid, 'POST', '/api/make/projects', body));

describe('make projects', () => {
  it('creates, lists, reads, autosaves, renames and deletes the caller’s own projects', async () => {
    const empty = await create(amy.uid, { name: 'First' });
    expect(empty).toMatchObject({ name: 'First', workspace: {}, bytes: 2 });

    const made = await create(amy.uid, { name: '  Times table ', workspace: program() });
    expect(made.name).toBe('Times table');
    expect(made.workspace).toEqual(program());

    t.clock.advance(1000);
    const saved = await ok<MakeProjectSummary>(
      as(amy.uid, 'PATCH', `/api/make/projects/${made.id}`, { workspace: program(8, 9) }),
    );
    expect(saved.bytes).toBe(Buffer.byteLength(JSON.stringify(program(8, 9))));
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(made.updatedAt));
    const read = await ok<MakeProject>(as(amy.uid, 'GET', `/api/make/projects/${made.id}`));
    expect(read.workspace).toEqual(program(8, 9));

    await ok(as(amy.uid, 'PATCH', `/api/make/projects/${made.id}`, { name: 'Nine times' }));
    const list = await ok<MakeProjectList>(as(amy.uid, 'GET', '/api/make/projects'));
    expect(list.limit).toBe(MAKE.maxProjectsPerUser);
    // Last changed first; the list carries no workspaces.
    expect(list.projects.map((p) => p.name)).toEqual(['Nine times', 'First']);
    expect(list.projects[0]).not.toHaveProperty('workspace');

    await ok(as(amy.uid, 'DELETE', `/api/make/projects/${made.id}`));
    expect((await as(amy.uid, 'GET', `/api/make/projects/${made.id}`)).statusCode).toBe(404);
    const after = await ok<MakeProjectList>(as(amy.uid, 'GET', '/api/make/projects'));
    expect(after.projects.map((p) => p.name)).toEqual(['First']);
  });

  it('duplicates a project with its workspace, as a new project of the caller', async () => {
    const made = await create(amy.uid, { name: 'Robot dance', workspace: program() });
    const copy = await ok<MakeProjectSummary>(
      as(amy.uid, 'POST', `/api/make/projects/${made.id}/duplicate`, {}),
    );
    expect(copy.name).toBe('Robot dance (copy)');
    expect(copy.id).not.toBe(made.id);
    expect((await ok<MakeProject>(as(amy.uid, 'GET', `/api/make/projects/${copy.id}`))).workspace).toEqual(
      program(),
    );
    const named = await ok<MakeProjectSummary>(
      as(amy.uid, 'POST', `/api/make/projects/${made.id}/duplicate`, { name: 'Mine' }),
    );
    expect(named.name).toBe('Mine');
    // The copy's name stays within the limit.
    const long = await create(amy.uid, { name: 'x'.repeat(MAKE.projectNameMax) });
    const longCopy = await ok<MakeProjectSummary>(
      as(amy.uid, 'POST', `/api/make/projects/${long.id}/duplicate`, {}),
    );
    expect(longCopy.name).toHaveLength(MAKE.projectNameMax);
    expect(longCopy.name.endsWith(' (copy)')).toBe(true);
  });

  it('keeps the last 20 versions, merges saves within a minute and restores one as a new version', async () => {
    const made = await create(amy.uid, { name: 'History', workspace: program(1, 1) });
    // Two saves within a minute: one version, holding the later workspace.
    t.clock.advance(10_000);
    await ok(as(amy.uid, 'PATCH', `/api/make/projects/${made.id}`, { workspace: program(1, 2) }));
    let versions = await ok<MakeVersionList>(as(amy.uid, 'GET', `/api/make/projects/${made.id}/versions`));
    expect(versions.versions).toHaveLength(1);

    for (let n = 3; n <= 25; n++) {
      t.clock.advance(MAKE.versionIntervalMs);
      await ok(as(amy.uid, 'PATCH', `/api/make/projects/${made.id}`, { workspace: program(1, n) }));
    }
    versions = await ok<MakeVersionList>(as(amy.uid, 'GET', `/api/make/projects/${made.id}/versions`));
    expect(versions.versions).toHaveLength(MAKE.versionsKept);
    const savedAt = versions.versions.map((v) => Date.parse(v.savedAt));
    expect(savedAt).toEqual([...savedAt].sort((a, b) => b - a));

    // The oldest kept version is 1 × 6 (1 × 2 … 1 × 5 went); restoring it adds it as the newest.
    const oldest = versions.versions.at(-1)!;
    const restored = await ok<MakeProject>(
      as(amy.uid, 'POST', `/api/make/projects/${made.id}/versions/${oldest.id}/restore`),
    );
    expect(restored.workspace).toEqual(program(1, 6));
    versions = await ok<MakeVersionList>(as(amy.uid, 'GET', `/api/make/projects/${made.id}/versions`));
    expect(versions.versions).toHaveLength(MAKE.versionsKept);
    // The state before the restore (1 × 25) is still there to go back to.
    const beforeRestore = versions.versions[1]!;
    const back = await ok<MakeProject>(
      as(amy.uid, 'POST', `/api/make/projects/${made.id}/versions/${beforeRestore.id}/restore`),
    );
    expect(back.workspace).toEqual(program(1, 25));
  });

  it('refuses a new project beyond the per-user limit, and duplicating at the limit', async () => {
    const rows = Array.from({ length: MAKE.maxProjectsPerUser }, (_, i) => ({
      ownerId: amy.id,
      name: `P${i}`,
      workspace: '{}',
      bytes: 2,
    }));
    const [first] = await database.db.insert(makeProjects).values(rows).returning();
    const refused = await as(amy.uid, 'POST', '/api/make/projects', { name: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ProductReply>().message).toBe(
      'you have 50 studio projects already: delete one first',
    );
    expect((await as(amy.uid, 'POST', `/api/make/projects/${first!.id}/duplicate`, {})).statusCode).toBe(409);
    // Someone else's count is their own.
    await create(ben.uid, { name: 'Ben’s' });
  });

  it('refuses a workspace over 1 MB with a message, and a body far over it before reading it', async () => {
    const made = await create(amy.uid, { name: 'Big' });
    const big = {
      blocks: {
        languageVersion: 0,
        blocks: [{ type: 'text', fields: { TEXT: 'a'.repeat(MAKE.maxWorkspaceBytes) } }],
      },
    };
    const res = await as(amy.uid, 'PATCH', `/api/make/projects/${made.id}`, { workspace: big });
    expect(res.statusCode).toBe(400);
    expect(res.json<ProductReply>().message).toContain('the program is larger than 1 MB');
    const huge = JSON.stringify({
      name: 'Huge',
      workspace: {
        blocks: {
          languageVersion: 0,
          blocks: [{ type: 'text', fields: { TEXT: 'a'.repeat(2 * MAKE.maxWorkspaceBytes) } }],
        },
      },
    });
    const tooLarge = await as(amy.uid, 'POST', '/api/make/projects', huge);
    expect(tooLarge.statusCode).toBe(413);
    // Nothing half-saved: the project is as it was, and no new project appeared.
    expect((await ok<MakeProject>(as(amy.uid, 'GET', `/api/make/projects/${made.id}`))).workspace).toEqual(
      {},
    );
    expect((await ok<MakeProjectList>(as(amy.uid, 'GET', '/api/make/projects'))).projects).toHaveLength(1);
  });

  it('answers bad input with a 400 and a reason, never a 500', async () => {
    const made = await create(amy.uid, { name: 'Fine' });
    const cases: [Method, string, object | string | undefined][] = [
      ['POST', '/api/make/projects', {}],
      ['POST', '/api/make/projects', { name: '' }],
      ['POST', '/api/make/projects', { name: 'x'.repeat(MAKE.projectNameMax + 1) }],
      ['POST', '/api/make/projects', { name: 'Bad', workspace: 'not an object' }],
      ['POST', '/api/make/projects', { name: 'Bad', workspace: [] }],
      ['POST', '/api/make/projects', { name: 'Bad', workspace: { blocks: { blocks: [] } } }],
      [
        'POST',
        '/api/make/projects',
        { name: 'Bad', workspace: { blocks: { languageVersion: 0, blocks: [{}] } } },
      ],
      ['POST', '/api/make/projects', { name: 'Bad', workspace: { variables: [{ name: 1 }] } }],
      ['POST', '/api/make/projects', '{"name": "broken'],
      ['PATCH', `/api/make/projects/${made.id}`, {}],
      ['PATCH', `/api/make/projects/${made.id}`, { name: 'a\u202Eb' }],
      ['GET', '/api/make/projects/abc', undefined],
      ['GET', '/api/make/projects/0', undefined],
      ['GET', '/api/make/projects/99999999999999999999', undefined],
      ['POST', `/api/make/projects/${made.id}/versions/x/restore`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await as(amy.uid, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json<ProductReply>().status).toBe(0);
      expect(res.json<ProductReply>().message).toMatch(/^bad request/);
    }
    // A NUL anywhere inside the program (PostgreSQL text cannot hold one).
    const nul = await as(amy.uid, 'PATCH', `/api/make/projects/${made.id}`, {
      workspace: { blocks: { languageVersion: 0, blocks: [{ type: 'text', fields: { TEXT: 'a\u0000' } }] } },
    });
    expect(nul.statusCode).toBe(400);
    // Nesting deeper than JSON.stringify can walk: a clear 400, not a stack overflow and a 500.
    const deep = `{"workspace":{"blocks":{"languageVersion":0,"blocks":[{"type":"text","extra":${'['.repeat(10_000)}${']'.repeat(10_000)}}]}}}`;
    const tooDeep = await as(amy.uid, 'PATCH', `/api/make/projects/${made.id}`, deep);
    expect(tooDeep.statusCode, tooDeep.body).toBe(400);
    expect(tooDeep.json<ProductReply>().message).toContain('more than 2,000 levels deep');
    // A lone surrogate is stored (as JSON text), not a server error.
    const lone = await as(
      amy.uid,
      'PATCH',
      `/api/make/projects/${made.id}`,
      '{"workspace":{"blocks":{"languageVersion":0,"blocks":[{"type":"text","fields":{"TEXT":"\\ud800"}}]}}}',
    );
    expect(lone.statusCode, lone.body).toBe(200);
  });

  it('acts only for the signed-in owner: no session is a 401, another user’s project a 404', async () => {
    const mine = await create(amy.uid, { name: 'Private', workspace: program() });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/make/projects' });
    expect(anonymous.statusCode).toBe(401);

    const paths: [Method, string, object | undefined][] = [
      ['GET', `/api/make/projects/${mine.id}`, undefined],
      ['PATCH', `/api/make/projects/${mine.id}`, { name: 'Taken' }],
      ['POST', `/api/make/projects/${mine.id}/duplicate`, {}],
      ['GET', `/api/make/projects/${mine.id}/versions`, undefined],
      ['DELETE', `/api/make/projects/${mine.id}`, undefined],
    ];
    for (const [method, url, payload] of paths) {
      const res = await as(ben.uid, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [version] = (
      await ok<MakeVersionList>(as(amy.uid, 'GET', `/api/make/projects/${mine.id}/versions`))
    ).versions;
    const restore = await as(
      ben.uid,
      'POST',
      `/api/make/projects/${mine.id}/versions/${version!.id}/restore`,
    );
    expect(restore.statusCode).toBe(404);
    // A version id of another project is not found under this one.
    const other = await create(ben.uid, { name: 'Ben’s own' });
    expect(
      (await as(ben.uid, 'POST', `/api/make/projects/${other.id}/versions/${version!.id}/restore`))
        .statusCode,
    ).toBe(404);

    // A user id in the body changes nothing: the owner is the session's.
    const sneaky = await create(ben.uid, { name: 'Sneaky', user_id: amy.uid, ownerId: amy.id });
    const [row] = await database.db.select().from(makeProjects).where(eq(makeProjects.id, sneaky.id));
    expect(row?.ownerId).toBe(ben.id);
    expect((await ok<MakeProjectList>(as(ben.uid, 'GET', '/api/make/projects'))).projects).toHaveLength(2);
    expect((await ok<MakeProject>(as(amy.uid, 'GET', `/api/make/projects/${mine.id}`))).name).toBe('Private');
  });
});
