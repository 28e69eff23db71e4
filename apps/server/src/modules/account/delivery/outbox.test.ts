import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxSender } from './outbox.ts';
import type { CodeMessage } from './types.ts';

const readLines = async (file: string) =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('OutboxSender (the dev outbox)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the folder and appends exactly one JSON line per code', async () => {
    // A folder that does not exist yet, two levels deep: a fresh DATA_DIR.
    const file = path.join(dir, 'data', 'nested', 'outbox.jsonl');
    const logged: Record<string, unknown>[] = [];
    const sender = new OutboxSender(file, (line) => logged.push(line));
    const email: CodeMessage = {
      channel: 'email',
      to: 'ann@example.com',
      code: '123456',
      purpose: 'login',
      language: 'zh-CN',
    };
    const sms: CodeMessage = {
      channel: 'sms',
      to: '13800138000',
      code: '654321',
      purpose: 'reset',
      language: 'en',
    };

    await sender.send(email);
    const afterOne = await readLines(file);
    expect(afterOne).toHaveLength(1);

    await sender.send(sms);
    const raw = await readFile(file, 'utf8');
    expect(raw.endsWith('\n')).toBe(true);
    expect(raw.split('\n')).toHaveLength(3); // two lines and the empty rest after the final newline

    const lines = await readLines(file);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({
      channel: 'email',
      to: 'ann@example.com',
      code: '123456',
      purpose: 'login',
      at: expect.any(String) as unknown,
    });
    expect(lines[1]).toEqual({
      channel: 'sms',
      to: '13800138000',
      code: '654321',
      purpose: 'reset',
      at: expect.any(String) as unknown,
    });
    // Exactly these keys: the language is not part of the outbox format.
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(['at', 'channel', 'code', 'purpose', 'to']);
      const at = String(line.at);
      expect(new Date(at).toISOString()).toBe(at);
    }
    // The first line is untouched by the second send: appended, not rewritten.
    expect(lines[0]).toEqual(afterOne[0]);
    // Each line is also handed to the log, the same object that was written.
    expect(logged).toEqual(lines);
  });

  it('appends to an outbox that already has lines', async () => {
    const file = path.join(dir, 'outbox.jsonl');
    await new OutboxSender(file).send({
      channel: 'email',
      to: 'a@example.com',
      code: '111111',
      purpose: 'login',
      language: 'en',
    });
    // A new sender (a restarted server) on the same file keeps what was there.
    await new OutboxSender(file).send({
      channel: 'email',
      to: 'b@example.com',
      code: '222222',
      purpose: 'login',
      language: 'en',
    });
    const lines = await readLines(file);
    expect(lines.map((l) => [l.to, l.code])).toEqual([
      ['a@example.com', '111111'],
      ['b@example.com', '222222'],
    ]);
  });
});
