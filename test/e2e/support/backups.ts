/** Reads the app's autosave backups from the page's IndexedDB (renderer/src/state/persistentStore.ts). */
import type { Page } from 'playwright-core';

/** The backup under `key` ('mapf-lab/autosave' or 'mapf-lab/autosave-offered'), or null. */
export function readBackup(page: Page, key: string): Promise<string | null> {
  return page.evaluate(
    (k) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('mapf-lab');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('backups')) return resolve(null);
          const get = db.transaction('backups', 'readonly').objectStore('backups').get(k);
          get.onsuccess = () => {
            db.close();
            resolve(typeof get.result === 'string' ? get.result : null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}
