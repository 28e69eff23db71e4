import { scryptSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';
import { ScryptPool } from './scrypt-pool.ts';

const params = { N: 1024, r: 8, p: 1, keyLength: 32, maxmem: 64 * 1024 * 1024 };
const pool = new ScryptPool(2);
afterAll(() => pool.close());

describe('the scrypt pool', () => {
  it('answers what node:crypto answers, for many jobs queued at once on fewer workers', async () => {
    const jobs = Array.from({ length: 12 }, (_, i) => ({
      password: `pw${i}`,
      salt: Buffer.from(`salt${i}`),
    }));
    const pending = jobs.map((j) => pool.hash(j.password, j.salt, params));
    expect(pool.waiting).toBe(10);
    const keys = await Promise.all(pending);
    keys.forEach((key, i) =>
      expect(key.equals(scryptSync(jobs[i]!.password, jobs[i]!.salt, 32, { N: 1024, r: 8, p: 1 }))).toBe(
        true,
      ),
    );
    expect(pool.waiting).toBe(0);
  });

  it('rejects a job with impossible parameters and keeps serving the next ones', async () => {
    await expect(pool.hash('x', Buffer.from('s'), { ...params, N: 1000 })).rejects.toThrow(/N|parameter/i);
    const key = await pool.hash('x', Buffer.from('s'), params);
    expect(key).toHaveLength(32);
  });

  it('backs the password hashes: a hash verifies, a wrong password does not', async () => {
    const stored = await hashPassword('a'.repeat(64));
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('a'.repeat(64), stored)).toBe(true);
    expect(await verifyPassword('b'.repeat(64), stored)).toBe(false);
  });
});
