/**
 * The on-device vision assets copied into dist/vision/ at build (apps/web/build/vision-assets.ts): served
 * with the types TF.js needs (application/wasm allows streaming compilation), and a missing model is a 404,
 * never the app's index.html (which TF.js would try to parse as a model).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'web-dist-vision-'));
  await mkdir(path.join(dist, 'vision', 'models'), { recursive: true });
  await mkdir(path.join(dist, 'vision', 'wasm'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dist, 'vision', 'models', 'blazeface.json'), '{"format":"graph-model"}');
  await writeFile(path.join(dist, 'vision', 'models', 'blazeface.bin'), Buffer.from([1, 2, 3, 4]));
  await writeFile(
    path.join(dist, 'vision', 'wasm', 'tfjs-backend-wasm-simd.wasm'),
    Buffer.from([0, 97, 115, 109]),
  );
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('vision assets', () => {
  it('serves models and WASM binaries with their content types', async () => {
    const cases = [
      ['/vision/models/blazeface.json', 'application/json'],
      ['/vision/models/blazeface.bin', 'application/octet-stream'],
      ['/vision/wasm/tfjs-backend-wasm-simd.wasm', 'application/wasm'],
    ] as const;
    for (const [url, type] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain(type);
    }
    const bin = await t.app.inject({ method: 'GET', url: '/vision/models/blazeface.bin' });
    expect([...bin.rawPayload]).toEqual([1, 2, 3, 4]);
  });

  it('answers a missing model or binary with 404, not index.html', async () => {
    for (const url of ['/vision/models/missing.json', '/vision/models/missing.bin', '/vision/wasm/x.wasm']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<title>app</title>');
    }
  });
});
