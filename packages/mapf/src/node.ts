/**
 * `@mapf-lab/core/node`: the library's map readers for files on disk (Node only: it reads with
 * node:fs). The browser entry takes the files' text instead.
 *
 * @packageDocumentation
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type GridMap, gridFromMovingAi, gridFromTiled } from './cells.ts';
import { MapfInputError } from './errors.ts';

export type { GridMap } from './cells.ts';

/** The text of `path`, or an error naming it. */
function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new MapfInputError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot be read (${(error as Error).message})`);
  }
}

/** A Moving AI `.map` file. */
export function readMovingAiMap(path: string): GridMap {
  return gridFromMovingAi(readText(path), path);
}

/** A Tiled map file (`.tmj` or `.tmx`), its external tilesets and templates read beside it. */
export function readTiledMap(path: string): GridMap {
  return gridFromTiled(readText(path), path, {
    read: (name, from) => {
      try {
        return readFileSync(resolve(dirname(from), name), 'utf8');
      } catch {
        return undefined;
      }
    },
  });
}
