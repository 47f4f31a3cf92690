/**
 * IPC handlers for solving: validate what the renderer sends, forward it to the solver utility
 * process through core's SolverClient, and send progress back to the window that asked.
 * A malformed request gets a 'failed' result that says what is wrong, never a crash.
 */
import { IPC } from '../../core/platform/desktopApi.ts';
import type { SolveResultBody } from '../../core/protocol/messages.ts';
import { SolverClient } from '../../core/protocol/client.ts';
import { encodePaths } from '../../core/protocol/wire.ts';
import { checkSolveRequest, checkTicket } from './validate.ts';
import { spawnUtilitySolver } from '../solverHost.ts';
import { handle, on } from './trustedIpc.ts';

export function registerSolverIpc(): SolverClient {
  const client = new SolverClient(spawnUtilitySolver, { poolSize: 1 });
  // Renderer tickets -> client job ids, so the renderer can cancel before it hears the result.
  const jobs = new Map<string, string>();

  handle(IPC.solverStart, async (event, ticketArg: unknown, bodyArg: unknown): Promise<SolveResultBody> => {
    const ticket = checkTicket(ticketArg);
    if (!ticket.ok) return failed(ticket.message);
    const body = checkSolveRequest(bodyArg);
    if (!body.ok) return failed(body.message, typeof (bodyArg as { solver?: unknown })?.solver === 'string' ? (bodyArg as { solver: string }).solver : '');
    if (jobs.has(ticket.value)) return failed(`solve ticket ${ticket.value} is already running`, body.value.solver);
    const sender = event.sender;
    const job = client.solve(body.value, {
      onProgress: (progress) => {
        if (!sender.isDestroyed()) sender.send(IPC.solverProgress, ticket.value, progress);
      },
    });
    jobs.set(ticket.value, job.id);
    try {
      return await job.result;
    } finally {
      jobs.delete(ticket.value);
    }
  });

  on(IPC.solverCancel, (_event, ticketArg: unknown) => {
    const ticket = checkTicket(ticketArg);
    if (!ticket.ok) return;
    const id = jobs.get(ticket.value);
    if (id !== undefined) client.cancel(id);
  });

  return client;
}

function failed(message: string, solver = ''): SolveResultBody {
  return { solver, status: 'failed', paths: encodePaths([]), message, stats: { expanded: 0, generated: 0, elapsedMs: 0 } };
}
