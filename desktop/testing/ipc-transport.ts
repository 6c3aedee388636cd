/**
 * Electron's IPC transport, played in one Node process: handlers register on a stand-in
 * `ipcMain`, and `invoke` calls them with an event shaped like Electron's (sender web contents,
 * sender frame), so the real sender checks and argument schemas of main/ipc run unchanged. A
 * caller may claim any frame URL, sub-frame or web contents id to test that they are refused.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { APP_ENTRY_URL } from '../main/app-origin';

/** The id of the one window the harness plays. */
export const HARNESS_CONTENTS_ID = 1;

export interface InvokeFrom {
  /** Receives what main sends to this window (`webContents.send`). */
  send?: (channel: string, ...args: unknown[]) => void;
  /** URL of the sending frame (default the app's entry page). */
  frameUrl?: string;
  /** The message comes from an iframe of the page, not its main frame. */
  subframe?: boolean;
  /** Web contents id (default {@link HARNESS_CONTENTS_ID}, the app's window). */
  contentsId?: number;
}

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

export function createIpcTransport() {
  const handlers = new Map<string, Listener>();
  const ipcMain = {
    handle: (channel: string, listener: Listener) => {
      if (handlers.has(channel))
        throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
  } as unknown as Pick<IpcMain, 'handle'>;

  function invoke(channel: string, args: unknown[], from: InvokeFrom = {}): Promise<unknown> {
    const handler = handlers.get(channel);
    if (!handler) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    const url = from.frameUrl ?? APP_ENTRY_URL;
    const mainFrame = { url };
    const event = {
      sender: {
        id: from.contentsId ?? HARNESS_CONTENTS_ID,
        mainFrame,
        send: from.send ?? (() => {}),
        isDestroyed: () => false,
      },
      senderFrame: from.subframe ? { url } : mainFrame,
    } as unknown as IpcMainInvokeEvent;
    return Promise.resolve().then(() => handler(event, ...args));
  }

  return {
    ipcMain,
    invoke,
    isOwnWebContents: (id: number) => id === HARNESS_CONTENTS_ID,
    channels: () => [...handlers.keys()],
  };
}
