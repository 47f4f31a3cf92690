/**
 * Key-value stores in the window's IndexedDB, read synchronously from memory and written
 * through: every write goes into one IndexedDB transaction per task, committed as soon as the
 * task ends.
 * More on this in README.md, "persistentStore.ts".
 */
import type { KeyValueStorage } from '../lab/resultStore.ts';
import type { DesktopApi } from '../../../core/platform/desktopApi.ts';

export const DATABASE_NAME = 'mapf-lab';
/** Version 1: the stores below. */
const DATABASE_VERSION = 1;
export type StoreName = 'backups' | 'lab-results';
const STORE_NAMES: readonly StoreName[] = ['backups', 'lab-results'];

export interface PersistentStore extends KeyValueStorage {
  readonly name: StoreName;
  /** False when the store could not be opened and lives in memory only. */
  readonly persistent: boolean;
  /** Bytes the stored strings take (UTF-16, keys included). */
  bytes(): number;
  keys(): string[];
  /** Removes every entry. */
  clear(): void;
  /** Resolves once every write made so far is committed (or failed: see onError). */
  flushed(): Promise<void>;
  /** Called with a failed write's reason (a full quota, a closed database). */
  onError: ((message: string) => void) | null;
}

let database: Promise<IDBDatabase | null> | null = null;

function openDatabase(): Promise<IDBDatabase | null> {
  database ??= new Promise((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve(null);
      const request = indexedDB.open(DATABASE_NAME, DATABASE_VERSION);
      request.onupgradeneeded = () => {
        for (const name of STORE_NAMES) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return database;
}

/** Where a store's entries live: load them all once, then commit each task's writes together. */
export interface StoreBackend {
  load(): Promise<[string, string][]>;
  /** Values, or null for removals, after clearing everything first when `clear`; rejects with the reason. */
  commit(writes: ReadonlyMap<string, string | null>, clear: boolean): Promise<void>;
}

/** A store of the window's IndexedDB database. */
function indexedDbBackend(db: IDBDatabase, name: StoreName): StoreBackend {
  return {
    async load() {
      const store = db.transaction(name, 'readonly').objectStore(name);
      const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
      const entries: [string, string][] = [];
      keys.forEach((key, i) => {
        if (typeof key === 'string' && typeof values[i] === 'string') entries.push([key, values[i] as string]);
      });
      return entries;
    },
    commit(writes, clear) {
      return new Promise<void>((resolve, reject) => {
        const transaction = db.transaction(name, 'readwrite');
        const store = transaction.objectStore(name);
        if (clear) store.clear();
        for (const [key, value] of writes) {
          if (value === null) store.delete(key);
          else store.put(value, key);
        }
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(new Error(transaction.error?.message ?? 'the write failed'));
        transaction.onabort = transaction.onerror;
      });
    },
  };
}

/** Autosave's backups through the desktop app's main process (atomic files in the user's data folder). */
export function desktopBackend(api: Pick<DesktopApi, 'readBackups' | 'writeBackup'>): StoreBackend {
  return {
    async load() {
      return Object.entries(await api.readBackups());
    },
    async commit(writes, clear) {
      if (clear) throw new Error('the desktop backups are removed one by one');
      await Promise.all([...writes].map(([key, value]) => api.writeBackup(key, value)));
    },
  };
}

class Store implements PersistentStore {
  onError: ((message: string) => void) | null = null;
  private readonly cache = new Map<string, string>();
  private size = 0;
  /** Writes of the current task: the value, or null for a removal. */
  private pending = new Map<string, string | null>();
  private clearPending = false;
  private scheduled = false;
  private commits: Promise<void> = Promise.resolve();

  constructor(
    readonly name: StoreName,
    private readonly backend: StoreBackend | null,
  ) {}

  get persistent(): boolean {
    return this.backend !== null;
  }

  /** Fills the memory copy from the backend. */
  async load(): Promise<void> {
    if (this.backend === null) return;
    for (const [key, value] of await this.backend.load()) this.put(key, value);
  }

  getItem(key: string): string | null {
    return this.cache.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.put(key, value);
    this.pending.set(key, value);
    this.schedule();
  }

  removeItem(key: string): void {
    const old = this.cache.get(key);
    if (old === undefined) return;
    this.size -= (key.length + old.length) * 2;
    this.cache.delete(key);
    this.pending.set(key, null);
    this.schedule();
  }

  clear(): void {
    this.cache.clear();
    this.size = 0;
    this.pending.clear();
    this.clearPending = true;
    this.schedule();
  }

  bytes(): number {
    return this.size;
  }

  keys(): string[] {
    return [...this.cache.keys()];
  }

  flushed(): Promise<void> {
    return this.commits;
  }

  private put(key: string, value: string): void {
    const old = this.cache.get(key);
    if (old !== undefined) this.size -= (key.length + old.length) * 2;
    this.cache.set(key, value);
    this.size += (key.length + value.length) * 2;
  }

  /** The first write of a synchronous run schedules its one transaction, right after it. */
  private schedule(): void {
    if (this.backend === null || this.scheduled) return;
    this.scheduled = true;
    const done = new Promise<void>((resolve) =>
      queueMicrotask(() => {
        this.scheduled = false;
        void this.commit().then(resolve);
      }),
    );
    this.commits = Promise.all([this.commits, done]).then(() => undefined);
  }

  private async commit(): Promise<void> {
    if (this.backend === null || (this.pending.size === 0 && !this.clearPending)) return;
    const writes = this.pending;
    const clear = this.clearPending;
    this.pending = new Map();
    this.clearPending = false;
    try {
      await this.backend.commit(writes, clear);
    } catch (error) {
      this.onError?.(error instanceof Error ? error.message : String(error));
    }
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const opened = new Map<StoreName, Promise<PersistentStore>>();

/** The store `name`, loaded into memory (once per window). */
export function openStore(name: StoreName): Promise<PersistentStore> {
  let store = opened.get(name);
  if (store === undefined) {
    store = openDatabase().then(async (db) => {
      if (db === null) return new Store(name, null);
      const made = new Store(name, indexedDbBackend(db, name));
      try {
        await made.load();
        return made;
      } catch {
        return new Store(name, null);
      }
    });
    opened.set(name, store);
  }
  return store;
}

/** A store over `backend`, loaded (the desktop's backups; tests). A backend that cannot load gives a store in memory. */
export async function openBackendStore(name: StoreName, backend: StoreBackend): Promise<PersistentStore> {
  const made = new Store(name, backend);
  try {
    await made.load();
    return made;
  } catch {
    return new Store(name, null);
  }
}

/** A store in memory only (tests; and where IndexedDB is missing). */
export function memoryStore(name: StoreName): PersistentStore {
  return new Store(name, null);
}
