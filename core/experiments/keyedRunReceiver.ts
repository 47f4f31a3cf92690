/**
 * The solver process's side of keyed run requests (keyedRunSender.ts): wraps the process's port
 * so that serveSolvers sees an ordinary run request with the texts filled in from a small cache
 * of the texts this process was sent, by key. Every other message passes through untouched, so
 * the same process still serves the editor's solve requests and unkeyed run requests.
 *
 * A request naming a key this process does not hold (a sender that lost track, or one talking
 * to a process started after the text was sent) is answered at once with an error naming the
 * run and the file, which fails that run; it is never passed on, so nothing waits for a text.
 */
import { describeIssues } from '../protocol/schema.ts';
import { PROTOCOL_VERSION, type ErrorMessage } from '../protocol/messages.ts';
import type { Port } from '../protocol/port.ts';
import { KEYED_FILES_HELD } from './keyedRunSender.ts';
import { keyedRunRequestMessageSchema } from './runSchemas.ts';

/** Serve `acceptKeyedRuns(port)` instead of `port` to take keyed run requests. */
export function acceptKeyedRuns(port: Port, held = KEYED_FILES_HELD): Port {
  // The sender says what to drop; this bound only guards against one that does not.
  const capacity = Math.max(2, Math.floor(held));
  const texts = new Map<string, string>();
  const fail = (id: string | null, name: string, message: string): void => {
    const reply: ErrorMessage = { v: PROTOCOL_VERSION, type: 'error', id, name, message };
    port.postMessage(reply);
  };
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage(listener) {
      return port.onMessage((raw) => {
        // Another protocol version is the server's to refuse, with its own words.
        if (!isKeyedRequest(raw) || raw.v !== PROTOCOL_VERSION) return listener(raw);
        const parsed = keyedRunRequestMessageSchema.safeParse(raw);
        const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : null;
        if (!parsed.success) return fail(id, 'ProtocolError', `malformed keyed run request: ${describeIssues(parsed.error, 'message')}`);
        const { body } = parsed.data;
        for (const key of body.drop) texts.delete(key);
        for (const [key, text] of Object.entries(body.texts)) {
          texts.delete(key);
          texts.set(key, text);
        }
        const files: Record<string, string> = {};
        for (const [name, key] of Object.entries(body.files)) {
          const text = texts.get(key);
          if (text === undefined) {
            return fail(parsed.data.id, 'MissingFileError', `run ${body.run.key}: this solver process was never sent '${name}' (key ${key}), or has forgotten it; the run was not started`);
          }
          // Most recently used last, so the bound below forgets the stalest text.
          texts.delete(key);
          texts.set(key, text);
          files[name] = text;
        }
        for (const key of texts.keys()) {
          if (texts.size <= capacity) break;
          texts.delete(key);
        }
        listener({ v: raw.v, type: 'request', id: parsed.data.id, body: { kind: 'run', run: body.run, files, ...(body.clock !== undefined ? { clock: body.clock } : {}) } });
      });
    },
  };
}

function isKeyedRequest(raw: unknown): raw is { v: unknown; id: unknown; type: 'request'; body: { kind: 'keyedRun' } } {
  if (typeof raw !== 'object' || raw === null) return false;
  const m = raw as { type?: unknown; body?: { kind?: unknown } | null };
  return m.type === 'request' && typeof m.body === 'object' && m.body !== null && m.body.kind === 'keyedRun';
}
