import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves index.html for / and for client routes, uncached', async () => {
    for (const url of ['/', '/ailab', '/course/42', '/setting/personal']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, and files added after start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    await writeFile(path.join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/late-def456.js' })).statusCode).toBe(200);
  });

  it('answers unknown API paths and missing files with a JSON 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en' } });
    expect(api.statusCode).toBe(404);
    expect(api.json<{ message: string }>().message).toBe('requested resource does not exist');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
