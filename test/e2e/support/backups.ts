/** Reads the app's autosave backups from the page's IndexedDB (renderer/src/autosave/persistentStore.ts). */
import type { Page } from 'playwright-core';
import { resolveBackup, type AutosaveEntry } from '../../../core/platform/autosaveBackup.ts';

/** Every backup in the page's store, by key. */
function readBackups(page: Page): Promise<Record<string, string>> {
  return readBackupsAs(page, false) as Promise<Record<string, string>>;
}

/** The length of every backup in the page's store, by key (read there: a big map's base stays in the page). */
export function backupSizes(page: Page): Promise<Record<string, number>> {
  return readBackupsAs(page, true) as Promise<Record<string, number>>;
}

function readBackupsAs(page: Page, sizes: boolean): Promise<Record<string, string | number>> {
  return page.evaluate(
    (lengths) =>
      new Promise<Record<string, string | number>>((resolve, reject) => {
        const open = indexedDB.open('mapf-lab');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('backups')) return resolve({});
          const store = db.transaction('backups', 'readonly').objectStore('backups');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            db.close();
            const found: Record<string, string | number> = {};
            keys.result.forEach((key, i) => {
              const value = values.result[i] as unknown;
              if (typeof key === 'string' && typeof value === 'string') found[key] = lengths ? value.length : value;
            });
            resolve(found);
          };
          values.onerror = () => reject(values.error);
        };
      }),
    sizes,
  );
}

/** The backup under `key` ('mapf-lab/autosave' or 'mapf-lab/autosave-offered'), or null. */
export async function readBackup(page: Page, key: string): Promise<string | null> {
  return (await readBackups(page))[key] ?? null;
}

/** The scenario JSON an autosave entry under `key` recovers (its delta applied to its base), or null. */
export async function readAutosavedScenario(page: Page, key = 'mapf-lab/autosave'): Promise<string | null> {
  const backups = await readBackups(page);
  const raw = backups[key];
  if (raw === undefined) return null;
  const resolved = resolveBackup((k) => backups[k] ?? null, JSON.parse(raw) as AutosaveEntry);
  return resolved.ok ? resolved.text : null;
}
