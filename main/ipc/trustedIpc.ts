/**
 * ipcMain.handle and ipcMain.on, with every message's sender checked first (urlPolicy.ts's
 * isTrustedSender): only the top frame of the app's own page is answered. Every handler in main
 * registers through here, so none can forget the check.
 */
import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import { isTrustedSender } from '../urlPolicy.ts';

let devServerUrl: string | undefined;

/** The dev server whose pages are trusted too (development only; see devServerUrlFor). */
export function trustDevServer(url: string | undefined): void {
  devServerUrl = url;
}

function refusal(channel: string, event: IpcMainEvent | IpcMainInvokeEvent): string {
  const frame = event.senderFrame;
  const from = frame == null ? 'a frame that is gone' : frame.parent !== null ? 'an embedded frame' : `a page at ${frame.url}`;
  return `refused ${channel}: the message came from ${from}, not the app's page`;
}

export function handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void {
  ipcMain.handle(channel, async (event, ...args: unknown[]) => {
    if (!isTrustedSender(event.senderFrame, devServerUrl)) throw new Error(refusal(channel, event));
    return listener(event, ...args);
  });
}

export function on(channel: string, listener: (event: IpcMainEvent, ...args: unknown[]) => void): void {
  ipcMain.on(channel, (event, ...args: unknown[]) => {
    // Nobody waits for an answer: a refused message is dropped, and said in main's log.
    if (!isTrustedSender(event.senderFrame, devServerUrl)) return void console.warn(refusal(channel, event));
    listener(event, ...args);
  });
}
