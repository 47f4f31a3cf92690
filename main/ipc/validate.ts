/**
 * Validation of everything the renderer sends to main. Pure (no Electron), so it is unit
 * tested; the schemas are core's, the same ones the renderer and the solver process use.
 */
import { parseSolveRequestBody } from '../../core/protocol/schema.ts';
import type { SolveRequestBody } from '../../core/protocol/messages.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const TICKET = /^[A-Za-z0-9_-]{1,64}$/;

export function checkTicket(ticket: unknown): Checked<string> {
  if (typeof ticket === 'string' && TICKET.test(ticket)) return { ok: true, value: ticket };
  return { ok: false, message: `invalid solve ticket: expected 1-64 letters, digits, '-' or '_', got ${describe(ticket)}` };
}

export function checkSolveRequest(body: unknown): Checked<SolveRequestBody> {
  const parsed = parseSolveRequestBody(body);
  return parsed.ok ? { ok: true, value: parsed.body } : { ok: false, message: `invalid solve request: ${parsed.message}` };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return value === null ? 'null' : typeof value;
}
