/**
 * Files in the browser edition: a file input to open, a download to save. Both work in every
 * browser and need no permission; the page never sees a path.
 */
import { MAX_TEXT_FILE_BYTES } from '../../../core/platform/desktopApi.ts';
import type { FileService } from './fileService.ts';

export const browserFileService: FileService = {
  openText(filters) {
    return new Promise((resolve, reject) => {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = filters.flatMap((f) => f.extensions.map((e) => `.${e}`)).join(',');
      input.style.display = 'none';
      input.dataset.testid = 'file-input';
      input.addEventListener('change', () => {
        const file = input.files?.[0];
        input.remove();
        if (!file) return resolve(null);
        if (file.size > MAX_TEXT_FILE_BYTES) return reject(new Error(`${file.name} is ${file.size} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens`));
        file.text().then((text) => resolve({ name: file.name, text }), reject);
      });
      input.addEventListener('cancel', () => {
        input.remove();
        resolve(null);
      });
      document.body.append(input);
      input.click();
    });
  },

  async saveText(suggestedName, text) {
    downloadBlob(suggestedName, new Blob([text], { type: 'text/plain' }));
    return { saved: true, name: suggestedName };
  },

  async saveBytes(suggestedName, bytes, mimeType) {
    downloadBlob(suggestedName, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }));
    return { saved: true, name: suggestedName };
  },
};

/** Saves any bytes as a browser download (binary-safe: PNG charts use it too). */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the download has started; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
