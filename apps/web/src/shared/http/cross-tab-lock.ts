/** How long a tab may hold the storage fallback lock before others stop waiting for it. */
export const STORAGE_LOCK_TTL_MS = 10_000;
const POLL_MS = 50;

/**
 * Runs `task` while no other tab of this site runs a task under the same name: the Web Locks API
 * when the browser has it, else a lock kept in localStorage (an entry with an expiry, so a tab
 * closed mid-task does not block the others for longer than `STORAGE_LOCK_TTL_MS`).
 */
export async function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return locks.request(name, { mode: 'exclusive' }, task) as Promise<T>;
  }
  return withStorageLock(name, task);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function holderOf(store: Storage, key: string): { id: string; expiresAt: number } | null {
  const value = store.getItem(key);
  if (!value) return null;
  const [id, expires] = value.split('|');
  const expiresAt = Number(expires);
  if (!id || !Number.isFinite(expiresAt) || expiresAt <= Date.now()) return null;
  return { id, expiresAt };
}

async function withStorageLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const store = storage();
  if (!store) return task();
  const key = `lock:${name}`;
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const giveUpAt = Date.now() + STORAGE_LOCK_TTL_MS;
  let mine = false;
  while (!mine && Date.now() < giveUpAt) {
    try {
      if (!holderOf(store, key)) {
        store.setItem(key, `${id}|${Date.now() + STORAGE_LOCK_TTL_MS}`);
        // Two tabs may write at once: the one whose entry stayed holds the lock.
        await new Promise((resolve) => setTimeout(resolve, 0));
        mine = holderOf(store, key)?.id === id;
      }
    } catch {
      break; // Storage refused the write: go on without a lock (the server's grace window covers it).
    }
    if (!mine) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await task();
  } finally {
    try {
      if (holderOf(store, key)?.id === id) store.removeItem(key);
    } catch {
      // Nothing to release in a storage that refuses access.
    }
  }
}
