/**
 * localStorage that never throws: private browsing, a full quota or a disabled store must not break sign-in,
 * they only cost persistence.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function backing(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const safeStorage: KeyValueStore = {
  getItem(key) {
    try {
      return backing()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setItem(key, value) {
    try {
      backing()?.setItem(key, value);
    } catch {
      // Quota or privacy mode: keep running without persistence.
    }
  },
  removeItem(key) {
    try {
      backing()?.removeItem(key);
    } catch {
      // Same as above.
    }
  },
};
