/**
 * One process at a time may open the embedded database in DATA_DIR: PGlite has no multi-process locking,
 * and two writers would corrupt it. The lock is a file created atomically (O_EXCL); a lock left by a dead
 * process is taken over.
 */
import { chmodSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LockInfo {
  pid: number;
  kind: 'server' | 'cli';
  /** For a server: where the admin CLI can reach it, and the token it must present. */
  url?: string;
  adminToken?: string;
}

export const lockPath = (dataDir: string) => path.join(dataDir, 'db.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(dataDir: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Takes the lock, or returns who holds it. */
export function acquireLock(dataDir: string, info: LockInfo): { ok: true } | { ok: false; holder: LockInfo } {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      return { ok: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(dataDir);
      if (holder && holder.pid !== process.pid && alive(holder.pid)) return { ok: false, holder };
      try {
        unlinkSync(file);
      } catch {
        // Someone else cleaned it up first; try again.
      }
    }
  }
  throw new Error(`could not take the lock ${file}`);
}

export function updateLock(dataDir: string, info: LockInfo): void {
  writeFileSync(lockPath(dataDir), JSON.stringify(info), { mode: 0o600 });
  chmodSync(lockPath(dataDir), 0o600);
}

export function releaseLock(dataDir: string): void {
  if (readLock(dataDir)?.pid === process.pid) {
    try {
      unlinkSync(lockPath(dataDir));
    } catch {
      // Already gone.
    }
  }
}
