/**
 * Opening a big .map as the user sees it: read off the UI thread (mapParse.ts) while a notice
 * says how many rows are read and offers Cancel (Esc too). A map under OFF_THREAD_MIN_CHARS is read at once
 * on the UI thread: a 1024 x 1024 map reads there in a few tens of milliseconds, less than a
 * worker takes to start, and its notice would only flash.
 */
import { parseMap, type MovingAiMap } from '../../../core/formats/movingAiMap.ts';
import { readMapOffThread, type MapRead } from './mapParse.ts';
import { notify, solveStore } from '../solve/solveState.ts';
import { viewStore } from '../lab/viewMode.ts';

/** Maps of more characters than this (about 1024 x 1024 cells) are read in the map worker. */
export const OFF_THREAD_MIN_CHARS = 1 << 20;

const count = (n: number) => n.toLocaleString('en-US');

/** The read in progress (its notice offers Cancel), for Esc. */
let reading: MapRead | null = null;

/** Cancels the map being read, if one is (Esc); whether one was. */
export function cancelMapRead(): boolean {
  const read = reading;
  reading = null;
  read?.cancel();
  return read !== null;
}

/** The map `text` (the file `name`) read, or null when the user cancelled; throws the reader's error. */
export async function readMapShowingProgress(name: string, text: string): Promise<MovingAiMap | null> {
  if (text.length < OFF_THREAD_MIN_CHARS) return parseMap(text, name);
  const megabytes = (text.length / 1e6).toFixed(1);
  const cancel = { label: 'Cancel', testId: 'cancel-open', run: () => read.cancel() };
  const show = (message: string) => solveStore.set({ notice: { kind: 'info', text: message, actions: [cancel], view: viewStore.get().view } });
  const read: MapRead = readMapOffThread(name, text, (rows, height) => show(`Reading ${name} (${megabytes} MB): ${count(rows)} of ${count(height)} rows…`));
  show(`Reading ${name} (${megabytes} MB)…`);
  reading = read;
  const map = await read.done
    .catch((error: unknown) => {
      // The error replaces the progress (reportErrors shows it); no Cancel is left for a finished read.
      solveStore.set({ notice: null });
      throw error;
    })
    .finally(() => {
      if (reading === read) reading = null;
    });
  if (map === null) notify('info', `${name} was not opened (cancelled while reading).`);
  return map;
}
