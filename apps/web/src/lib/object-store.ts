/**
 * One IndexedDB object store as promises: opened for each call and closed after it (a page may hold several
 * stores, and an open connection would block another tab's version upgrade). Used where the browser keeps
 * what the server does not: trained models (model training, the models programs use).
 */
export interface ObjectStore {
  run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T>;
}

export function objectStore(dbName: string, storeName: string, keyPath: string): ObjectStore {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
    });
  return {
    async run(mode, act) {
      const db = await open();
      try {
        return await new Promise((resolve, reject) => {
          const tx = db.transaction(storeName, mode);
          const request = act(tx.objectStore(storeName));
          tx.oncomplete = () => resolve(request.result);
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
          tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted (storage full?)'));
        });
      } finally {
        db.close();
      }
    },
  };
}
