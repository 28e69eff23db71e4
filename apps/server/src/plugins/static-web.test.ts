import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let dist: string;
let t: TestApp;

const BIG_JS = `export const text = ${JSON.stringify('a school network '.repeat(400))};\n`;
const MODEL_JSON = JSON.stringify({
  format: 'graph-model',
  weights: Array.from({ length: 300 }, (_, i) => i),
});
const MODEL_HASH = '0123456789ab';

function get(url: string, acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What apps/web/build/precompress.ts writes: compressed copies beside the files.
  await writeFile(path.join(dist, 'assets', 'big-abc123.js'), BIG_JS);
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_JS));
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_JS));
  await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync('<!doctype html><title>app</title>'));
  await writeFile(path.join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>app</title>'));
  await mkdir(path.join(dist, 'vision', MODEL_HASH, 'models'), { recursive: true });
  await writeFile(path.join(dist, 'vision', MODEL_HASH, 'models', 'face.json'), MODEL_JSON);
  // A model whose brotli copy was not worth keeping: gzip only.
  await writeFile(path.join(dist, 'vision', MODEL_HASH, 'models', 'face.json.gz'), gzipSync(MODEL_JSON));
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

describe('compression and caching', () => {
  it('sends the brotli copy when the browser accepts br, with the type of the original', async () => {
    const res = await get('/assets/big-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_JS);
  });

  it('sends gzip to a browser without br (plain HTTP), and to one that refuses br with q=0', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/assets/big-abc123.js', accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers.vary, accept).toContain('Accept-Encoding');
      expect(gunzipSync(res.rawPayload).toString(), accept).toBe(BIG_JS);
    }
  });

  it('sends the file itself when nothing compressed is accepted', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/assets/big-abc123.js', accept);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(res.body, String(accept)).toBe(BIG_JS);
      expect(res.headers.vary, String(accept)).toContain('Accept-Encoding');
    }
  });

  it('compresses index.html too, and never caches it (nor a client route)', async () => {
    for (const url of ['/', '/index.html', '/ailab']) {
      const res = await get(url, 'gzip, br');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<title>app</title>');
    }
  });

  it('caches a model under its content-hashed folder for a year, falling back to the copy it has', async () => {
    const res = await get(`/vision/${MODEL_HASH}/models/face.json`, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(MODEL_JSON);
    const missing = await get(`/vision/${MODEL_HASH}/models/missing.json`, 'gzip, br');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>app</title>');
  });
});

describe('sending from memory, revalidating what is not hashed', () => {
  it('sends a hashed file again without touching the disk (still there after the file is removed)', async () => {
    await writeFile(path.join(dist, 'assets', 'gone-abc123.js'), 'console.log("kept")');
    const first = await get('/assets/gone-abc123.js', 'gzip');
    expect(first.statusCode).toBe(200);
    await rm(path.join(dist, 'assets', 'gone-abc123.js'));
    const again = await get('/assets/gone-abc123.js', 'gzip');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe('console.log("kept")');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('answers 304 to the ETag or date of the copy it sent, per encoding, with the caching headers', async () => {
    for (const [url, accept] of [
      ['/assets/big-abc123.js', 'gzip, deflate, br'],
      ['/assets/big-abc123.js', 'gzip'],
      ['/', 'gzip, deflate, br'],
      ['/ailab/trainImage', 'gzip'],
    ] as const) {
      const first = await get(url, accept);
      expect(first.headers.etag, url).toMatch(/^W\/"/);
      expect(first.headers['last-modified'], url).toBeTruthy();
      const byTag = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accept, 'if-none-match': first.headers.etag as string },
      });
      expect(byTag.statusCode, `${url} ${accept}`).toBe(304);
      expect(byTag.body).toBe('');
      expect(byTag.headers['cache-control']).toBe(first.headers['cache-control']);
      expect(byTag.headers.vary).toContain('Accept-Encoding');
      const byDate = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accept, 'if-modified-since': first.headers['last-modified'] as string },
      });
      expect(byDate.statusCode, url).toBe(304);
      const stale = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accept, 'if-none-match': 'W/"0-0"' },
      });
      expect(stale.statusCode, url).toBe(200);
    }
  });

  it('serves a new index.html as soon as a rebuild writes it, with a new ETag', async () => {
    const before = await get('/', 'identity');
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app v2</title>');
    // Copies from the old build would be stale: a rebuild rewrites them too (here: removed).
    await rm(path.join(dist, 'index.html.br'));
    await rm(path.join(dist, 'index.html.gz'));
    const after = await get('/course/1', 'gzip, br');
    expect(after.body).toContain('app v2');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const old = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(old.statusCode).toBe(200);
  });

  it('still answers a range request (streamed), and HEAD without a body', async () => {
    const range = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { range: 'bytes=0-6' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('console');
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/big-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(BIG_JS.length);
  });

  it('never serves dot files or leaves the root', async () => {
    await writeFile(path.join(dist, '.secret.js'), 'nope');
    for (const url of ['/.secret.js', '/assets/..%2F.secret.js', '/assets/%2e%2e/%2e%2e/etc/passwd.js']) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('nope');
    }
  });
});

/** A raw request over a real connection (the fast lane sits before Fastify, where inject cannot reach). */
function overSocket(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every header but the clock's. */
const withoutDate = (headers: IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe('the fast lane for hashed files in memory (before Fastify)', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers a file memory holds with the same status, headers and bytes as Fastify did', async () => {
    const lane = t.app.staticFastLane;
    if (!lane) throw new Error('the fast lane is closed');
    await writeFile(path.join(dist, 'assets', 'lane-abc123.js'), BIG_JS);
    await writeFile(path.join(dist, 'assets', 'lane-abc123.js.gz'), gzipSync(BIG_JS));
    for (const accept of ['gzip, deflate', 'identity']) {
      const before = lane.served;
      const first = await overSocket('/assets/lane-abc123.js', { 'accept-encoding': accept });
      // The first answer loaded the file through Fastify; the second comes from the lane.
      expect(lane.served, accept).toBe(before);
      const again = await overSocket('/assets/lane-abc123.js', { 'accept-encoding': accept });
      expect(lane.served, accept).toBe(before + 1);
      expect(again.status, accept).toBe(200);
      expect(withoutDate(again.headers), accept).toEqual(withoutDate(first.headers));
      expect(again.body.equals(first.body), accept).toBe(true);
      expect(again.headers['content-security-policy'], accept).toContain("default-src 'self'");
    }
    const gz = await overSocket('/assets/lane-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);
  });

  it('answers 304 and HEAD as Fastify does, and keeps the OpenCV worker its own policy', async () => {
    const lane = t.app.staticFastLane;
    if (!lane) throw new Error('the fast lane is closed');
    const first = await overSocket('/assets/big-abc123.js', { 'accept-encoding': 'br' });
    const before = lane.served;
    const cached = await overSocket('/assets/big-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
    expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await overSocket('/assets/big-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(lane.served).toBe(before + 2);

    await writeFile(path.join(dist, 'assets', 'opencv.worker-Ab12_x.js'), 'self.onmessage = () => {};');
    for (let i = 0; i < 2; i++) {
      const worker = await overSocket('/assets/opencv.worker-Ab12_x.js');
      expect(worker.headers['content-security-policy'], String(i)).toContain("'unsafe-eval'");
    }
  });

  it('leaves ranges and requests with a body to Fastify', async () => {
    const lane = t.app.staticFastLane;
    if (!lane) throw new Error('the fast lane is closed');
    await overSocket('/assets/app-abc123.js');
    const before = lane.served;
    const range = await overSocket('/assets/app-abc123.js', { range: 'bytes=0-6' });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe('console');
    expect(lane.served).toBe(before);
  });
});
