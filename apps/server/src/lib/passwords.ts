/**
 * Password storage: scrypt over the wire digest (the client sends SHA-256 of the raw password), with a
 * random salt and the parameters kept in the stored string so they can be raised later.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { passwordProblem } from '@ai-edu/contract';
import { ScryptPool } from './scrypt-pool.ts';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** One pool per process: every hash and check queues on it, never on libuv's shared threads. */
const pool = new ScryptPool();

function scrypt(
  password: string,
  salt: Buffer,
  options: { N: number; r: number; p: number },
): Promise<Buffer> {
  return pool.hash(password, salt, { ...options, keyLength: KEY_LENGTH, maxmem: 64 * 1024 * 1024 });
}

export async function hashPassword(digest: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(digest, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(digest: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(digest, Buffer.from(salt, 'base64'), { N: +n, r: +r, p: +p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Hash of a random value, compared against when an account has no password, so timing doesn't tell. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

/** A generated password that satisfies the §5 rules: 10 letters and digits with both present, no look-alikes. */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    let out = '';
    for (let i = 0; i < 10; i++) out += alphabet[randomInt(alphabet.length)];
    if (!passwordProblem(out)) return out;
  }
}
