import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticFileCache, type CachedFile, type Lookup } from './static-file-cache.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'static-cache-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const body = (found: Lookup) => ('body' in found ? found.body.toString() : found);

describe('StaticFileCache', () => {
  it('reads a hashed file once and remembers a missing one', async () => {
    const cache = new StaticFileCache();
    const file = path.join(dir, 'a.js');
    await writeFile(file, 'one');
    expect(body(await cache.get(file, true))).toBe('one');
    await writeFile(file, 'two!');
    expect(body(await cache.get(file, true))).toBe('one');
    expect(await cache.get(path.join(dir, 'a.js.br'), true)).toEqual({ missing: true });
    await writeFile(path.join(dir, 'a.js.br'), 'late');
    expect(await cache.get(path.join(dir, 'a.js.br'), true)).toEqual({ missing: true });
  });

  it('re-reads a file that is not hashed when it changed, with a new ETag', async () => {
    const cache = new StaticFileCache();
    const file = path.join(dir, 'index.html');
    await writeFile(file, 'v1');
    const first = (await cache.get(file, false)) as CachedFile;
    expect(first.body.toString()).toBe('v1');
    await writeFile(file, 'version 2');
    const second = (await cache.get(file, false)) as CachedFile;
    expect(second.body.toString()).toBe('version 2');
    expect(second.etag).not.toBe(first.etag);
    await rm(file);
    expect(await cache.get(file, false)).toEqual({ missing: true });
  });

  it('shares one read among simultaneous requests', async () => {
    const cache = new StaticFileCache();
    const file = path.join(dir, 'shared.bin');
    await writeFile(file, Buffer.alloc(1000, 7));
    const all = await Promise.all(Array.from({ length: 40 }, () => cache.get(file, true)));
    expect(new Set(all.map((f) => (f as CachedFile).body)).size).toBe(1);
  });

  it('keeps no file over the per-file limit and drops the least recently used beyond the total', async () => {
    const cache = new StaticFileCache(250, 120);
    for (const name of ['1', '2', '3']) await writeFile(path.join(dir, name), Buffer.alloc(100));
    await writeFile(path.join(dir, 'big'), Buffer.alloc(121));
    expect(await cache.get(path.join(dir, 'big'), true)).toEqual({ tooBig: 121 });
    await cache.get(path.join(dir, '1'), true);
    await cache.get(path.join(dir, '2'), true);
    await cache.get(path.join(dir, '1'), true);
    await cache.get(path.join(dir, '3'), true);
    expect(cache.heldBytes).toBe(200);
    // '2' was the coldest: dropped, so it is read again (the new content shows).
    await writeFile(path.join(dir, '2'), Buffer.alloc(50));
    await writeFile(path.join(dir, '1'), Buffer.alloc(50));
    expect(((await cache.get(path.join(dir, '2'), true)) as CachedFile).body.length).toBe(50);
    expect(((await cache.get(path.join(dir, '1'), true)) as CachedFile).body.length).toBe(100);
  });
});
