/**
 * Picking a level with the files it names: a page cannot read a file beside another, so the user
 * picks the map and its tilesets (or an LDtk project and its levels) together, several files or a
 * folder; the importer finds a named file among them by its path relative to the map, else by its
 * name. Images are decoded by the browser (createImageBitmap: PNG, JPEG, WebP) into RGBA pixels.
 */
import type { RgbaImage } from '../../../core/level/imageImport.ts';
import { levelFormatOf, looksLikeTiledJson } from '../../../core/level/readLevel.ts';
import type { FileLookup } from '../../../core/level/tiledModel.ts';
import type { LevelFormat } from '../../../core/scenario/levelSourceSchema.ts';
import { resolveMapPath } from '../../../core/scenario/mapPath.ts';
import { MAX_TEXT_FILE_BYTES } from '../../../core/platform/desktopApi.ts';

export interface PickedFile {
  name: string;
  /** Its path within a picked folder, else its name. */
  path: string;
  text?: string;
  image?: RgbaImage;
}

export const LEVEL_EXTENSIONS = ['tmx', 'tmj', 'json', 'tsx', 'tsj', 'tx', 'tj', 'ldtk', 'ldtkl', 'png', 'jpg', 'jpeg', 'webp'];

/** Lets the user pick files (or, with `folder`, a folder); null when they cancel. */
export function pickFiles(folder = false): Promise<File[] | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    if (folder) input.webkitdirectory = true;
    else input.accept = LEVEL_EXTENSIONS.map((e) => `.${e}`).join(',');
    input.style.display = 'none';
    input.dataset.testid = 'level-file-input';
    input.addEventListener('change', () => {
      const files = input.files ? Array.from(input.files) : [];
      input.remove();
      resolve(files.length > 0 ? files : null);
    });
    input.addEventListener('cancel', () => {
      input.remove();
      resolve(null);
    });
    document.body.append(input);
    input.click();
  });
}

async function decodeImage(file: File): Promise<RgbaImage> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2D canvas to read the picture');
    context.drawImage(bitmap, 0, 0);
    const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    return { width: bitmap.width, height: bitmap.height, data };
  } finally {
    bitmap.close();
  }
}

/** Reads the picked files: text for maps, tilesets and projects, pixels for images. */
export async function readPicked(files: readonly File[]): Promise<PickedFile[]> {
  const out: PickedFile[] = [];
  for (const file of files) {
    const path = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
    const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!LEVEL_EXTENSIONS.includes(ext)) continue;
    if (levelFormatOf(file.name) === 'image') {
      out.push({ name: file.name, path, image: await decodeImage(file).catch((error: Error) => { throw new Error(`${file.name}: the picture cannot be decoded (${error.message})`); }) });
    } else {
      if (file.size > MAX_TEXT_FILE_BYTES) throw new Error(`${file.name} is ${file.size} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens`);
      out.push({ name: file.name, path, text: await file.text() });
    }
  }
  return out;
}

/** The level among the picked files (a map or project rather than a tileset or external level), with its format. */
export function mainLevel(files: readonly PickedFile[], wanted?: string): { file: PickedFile; format: LevelFormat } | null {
  const candidates = files.filter((f) => wanted === undefined || f.name === wanted.split('/').pop());
  for (const rank of ['ldtk', 'tiled-xml', 'tiled-json', 'image'] as const) {
    for (const file of candidates) {
      const format = levelFormatOf(file.name) ?? (file.text !== undefined && /\.json$/i.test(file.name) && looksLikeTiledJson(file.text.slice(0, 4096), file.text.slice(-4096)) ? 'tiled-json' : undefined);
      if (format === rank) return { file, format };
    }
  }
  return null;
}

/** Finds a file the level names among the picked ones: by its path relative to the level, else by name. */
export function lookupAmong(files: readonly PickedFile[]): FileLookup {
  return (path, from) => {
    const wanted = resolveMapPath(from, path);
    const byPath = files.find((f) => f.path === wanted);
    const byName = files.find((f) => f.name === path.split(/[\\/]/).pop());
    return (byPath ?? byName)?.text;
  };
}
