import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { removeStaleParts, STALE_PART_MS } from './uploads.ts';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A files directory holding an upload cut off an hour ago, one still streaming, and finished files. */
async function filesDirWithLeftovers() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ai-edu-parts-'));
  made.push(dataDir);
  const dir = path.join(dataDir, 'files');
  await mkdir(path.join(dir, 'folder.part'), { recursive: true });
  const anHourAgo = new Date(Date.now() - 3600_000);
  for (const name of ['crashed.part', 'finished-file', 'streaming.part'])
    await writeFile(path.join(dir, name), 'x');
  for (const name of ['crashed.part', 'finished-file'])
    await utimes(path.join(dir, name), anHourAgo, anHourAgo);
  return { dataDir, dir };
}

describe('unfinished uploads left by a crash', () => {
  it('are removed when older than the safe age; recent ones, finished files and folders stay', async () => {
    const { dir } = await filesDirWithLeftovers();
    expect(await removeStaleParts(dir)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['finished-file', 'folder.part', 'streaming.part']);
    expect(await removeStaleParts(dir, 0)).toBe(1);
    expect(await removeStaleParts(path.join(dir, 'missing'))).toBe(0);
    expect(STALE_PART_MS).toBeGreaterThanOrEqual(60_000);
  });

  it('are cleared when the server starts', async () => {
    const { dataDir, dir } = await filesDirWithLeftovers();
    const t = await createTestApp({ DATA_DIR: dataDir });
    try {
      expect((await readdir(dir)).sort()).toEqual(['finished-file', 'folder.part', 'streaming.part']);
    } finally {
      await t.close();
    }
  });
});
