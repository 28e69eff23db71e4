/**
 * Encrypts small secrets kept in the database (AI provider keys saved from the admin console) with
 * AES-256-GCM. The key comes from SETTINGS_SECRET, or from a random key the server generates once in
 * $DATA_DIR (docs/decisions.md, "Settings encryption key"): a database dump alone never reveals a key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What is stored: every part base64; `aad` binds the ciphertext to the field it was written for. */
export interface SealedSecret {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string, aad: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return {
      v: 1,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
  }

  /** The plain text, or undefined when it was sealed under another key (or tampered with). */
  open(sealed: SealedSecret, aad: string): string | undefined {
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return undefined;
    }
  }
}

export const SETTINGS_SECRET_FILE = 'settings-secret';

/**
 * The 32-byte settings key: a hash of SETTINGS_SECRET when set, else the random key in
 * $DATA_DIR/settings-secret, created (owner-only) on first use and kept across restarts.
 */
export function settingsKey(options: { secret?: string; dataDir: string }): Buffer {
  if (options.secret) return createHash('sha256').update(options.secret).digest();
  const file = path.join(options.dataDir, SETTINGS_SECRET_FILE);
  const read = () => Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(options.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process (the admin CLI) wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}
