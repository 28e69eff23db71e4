import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretBox, SETTINGS_SECRET_FILE, settingsKey } from './secret-box.ts';

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('SecretBox', () => {
  const box = new SecretBox(settingsKey({ secret: 'a-long-settings-secret', dataDir: '/nonexistent' }));

  it('seals without the plain text and opens it again', () => {
    const sealed = box.seal('sk-plain-key', 'ai-providers:chat:apiKey');
    expect(JSON.stringify(sealed)).not.toContain('sk-plain-key');
    expect(box.open(sealed, 'ai-providers:chat:apiKey')).toBe('sk-plain-key');
    // A fresh IV each time: the same key never looks the same twice.
    expect(box.seal('sk-plain-key', 'x').data).not.toBe(box.seal('sk-plain-key', 'x').data);
  });

  it('refuses another field, another key and a tampered value', () => {
    const sealed = box.seal('sk-plain-key', 'ai-providers:chat:apiKey');
    expect(box.open(sealed, 'ai-providers:image:apiKey')).toBeUndefined();
    const other = new SecretBox(settingsKey({ secret: 'another-settings-secret', dataDir: '/nonexistent' }));
    expect(other.open(sealed, 'ai-providers:chat:apiKey')).toBeUndefined();
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = data[0]! ^ 1;
    expect(
      box.open({ ...sealed, data: data.toString('base64') }, 'ai-providers:chat:apiKey'),
    ).toBeUndefined();
  });
});

describe('settingsKey', () => {
  it('without SETTINGS_SECRET, generates an owner-only key in DATA_DIR once and keeps it', async () => {
    const dataDir = await tempDir();
    const first = settingsKey({ dataDir });
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, SETTINGS_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(settingsKey({ dataDir }).equals(first)).toBe(true);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('base64'));
    // Another data directory gets another key.
    expect(settingsKey({ dataDir: await tempDir() }).equals(first)).toBe(false);
  });

  it('with SETTINGS_SECRET, derives the key from it and writes nothing', async () => {
    const dataDir = await tempDir();
    const key = settingsKey({ secret: 'shared-secret-0123456789', dataDir });
    expect(key.equals(settingsKey({ secret: 'shared-secret-0123456789', dataDir: '/elsewhere' }))).toBe(true);
    await expect(stat(path.join(dataDir, SETTINGS_SECRET_FILE))).rejects.toThrow();
  });
});
