/**
 * The pool's side of keyed run requests: wraps a SpawnWorker so that each solver process is sent
 * a map's or scenario's text once, and later runs that name the file carry only its key. Without
 * it every run request carries the texts again (a Moving AI map and scenario are 100 KB or more),
 * and the process, whose InstanceBuilder parsed them at the first run, never reads them.
 *
 * What a process holds is tracked per WorkerHandle, that is per process: a process the client
 * starts in place of a crashed, hung or cancelled one is a new handle and is sent the texts
 * again, and a request the client re-posts to it (pipelined behind a job that died) is converted
 * when it is posted there. Requests reach a process in the order they are posted, so the record
 * kept here is what the process holds when it reads each one (keyedRunReceiver.ts).
 *
 * The key is the name with a fingerprint of the text, so a process could never take one text for
 * another even if a name were read twice with different contents.
 */
import type { RequestMessage, RunRequestBody } from '../protocol/messages.ts';
import type { SpawnWorker, WorkerHandle } from '../protocol/port.ts';
import { fingerprint } from './hash.ts';
import { KEYED_RUN_VERSION, type KeyedRunRequestBody } from './runSchemas.ts';

/** Texts a process holds at most; a run names two (map, scenario), and a lane works through one instance at a time. */
export const KEYED_FILES_HELD = 8;

/** Spawns processes that must serve keyed run requests (acceptKeyedRuns on their port). */
export function sendFilesOnce(spawn: SpawnWorker, held = KEYED_FILES_HELD): SpawnWorker {
  const capacity = Math.max(2, Math.floor(held));
  // name -> its text and key: the fingerprint is taken once per text, not once per run.
  const keys = new Map<string, { text: string; key: string }>();
  const keyOf = (name: string, text: string): string => {
    const known = keys.get(name);
    if (known && known.text === text) return known.key;
    const key = `${name}#${fingerprint(text)}`;
    keys.set(name, { text, key });
    return key;
  };
  return () => {
    const handle = spawn();
    // Keys this process holds, least recently used first (a Map keeps insertion order).
    const holds = new Map<string, true>();
    const post = (message: unknown): void => {
      // A run that names no file (random and inline maps) goes as it is: nothing to key.
      if (!isRunRequest(message) || Object.keys(message.body.files).length === 0) return handle.port.postMessage(message);
      const { run, files, clock } = message.body;
      const body: KeyedRunRequestBody = { kind: 'keyedRun', version: KEYED_RUN_VERSION, run, files: {}, texts: {}, drop: [] };
      if (clock !== undefined) body.clock = clock;
      const added: string[] = [];
      for (const [name, text] of Object.entries(files)) {
        const key = keyOf(name, text);
        body.files[name] = key;
        if (holds.delete(key)) holds.set(key, true);
        else {
          body.texts[key] = text;
          holds.set(key, true);
          added.push(key);
        }
      }
      for (const key of holds.keys()) {
        if (holds.size <= capacity) break;
        if (Object.hasOwn(body.texts, key) || Object.values(body.files).includes(key)) continue;
        holds.delete(key);
        body.drop.push(key);
      }
      try {
        handle.port.postMessage({ ...message, body });
      } catch (error) {
        // Not sent: the process did not get these texts (its drops are forgotten here already,
        // which only costs sending those texts again).
        for (const key of added) holds.delete(key);
        throw error;
      }
    };
    const wrapped: WorkerHandle = {
      port: { postMessage: post, onMessage: (listener) => handle.port.onMessage(listener) },
      terminate: () => handle.terminate(),
      onExit: (listener) => handle.onExit(listener),
    };
    return wrapped;
  };
}

function isRunRequest(message: unknown): message is RequestMessage & { body: RunRequestBody } {
  const m = message as Partial<RequestMessage> | null;
  return typeof m === 'object' && m !== null && m.type === 'request' && m.body?.kind === 'run';
}
