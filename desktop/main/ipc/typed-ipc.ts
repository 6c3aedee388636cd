/**
 * Typed IPC: handlers are typed by the channel map of
 * `common/ipc-contract.ts` (GitHub Desktop), every message's channel prefix and sender frame
 * are checked before anything runs (VS Code's `ipcMain.ts`), and arguments from the renderer
 * are validated with zod (a compromised renderer is the threat model).
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { z } from 'zod';
import type {
  EventArgs,
  EventChannel,
  InvokeArgs,
  InvokeChannel,
  InvokeResult,
} from '../../common/ipc-contract';
import { isAppUrl } from '../app-origin';

export const CHANNEL_PREFIX = 'photo:';

/** The parts of an invoke event the sender check reads. */
export interface SenderEvent {
  sender: Pick<WebContents, 'id'> & { mainFrame: unknown };
  senderFrame: { url: string } | null;
}

export class IpcRejectedError extends Error {
  override name = 'IpcRejectedError';
}

/**
 * True when the message comes from the top frame of one of our windows showing the app's own
 * origin: not an iframe, not a page the window was somehow navigated to, not a destroyed frame.
 */
export function isTrustedSender(
  event: SenderEvent,
  isOwnWebContents: (id: number) => boolean,
): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame !== event.sender.mainFrame) return false;
  if (!isOwnWebContents(event.sender.id)) return false;
  return isAppUrl(frame.url);
}

/** Argument schemas: a zod tuple whose output matches the channel's parameter list. */
export type ArgsSchema<C extends InvokeChannel> = z.ZodType<InvokeArgs<C>>;

export type Handler<C extends InvokeChannel> = (
  event: IpcMainInvokeEvent,
  ...args: InvokeArgs<C>
) => InvokeResult<C> | Promise<InvokeResult<C>>;

export interface TypedIpc {
  handle<C extends InvokeChannel>(channel: C, schema: ArgsSchema<C>, handler: Handler<C>): void;
}

/** Formats the first zod issue as `arg[1].albumId: …`, naming the offending argument. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid arguments';
  const [index, ...rest] = issue.path;
  const where =
    index === undefined
      ? 'arguments'
      : `arg[${String(index)}]${rest.map((p) => `.${String(p)}`).join('')}`;
  return `${where}: ${issue.message}`;
}

export function createTypedIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  isOwnWebContents: (id: number) => boolean,
): TypedIpc {
  return {
    handle(channel, schema, handler) {
      if (!channel.startsWith(CHANNEL_PREFIX)) {
        throw new Error(`IPC channel ${channel} lacks the ${CHANNEL_PREFIX} prefix`);
      }
      ipcMain.handle(channel, async (event, ...rawArgs: unknown[]) => {
        if (!isTrustedSender(event, isOwnWebContents)) {
          throw new IpcRejectedError(`${channel}: sender is not the app`);
        }
        const parsed = schema.safeParse(rawArgs);
        if (!parsed.success) {
          throw new IpcRejectedError(`${channel}: ${describeIssue(parsed.error)}`);
        }
        return handler(event, ...parsed.data);
      });
    },
  };
}

/** Typed `webContents.send` for the event channels; silently drops sends to closed windows. */
export function sendEvent<C extends EventChannel>(
  contents: Pick<WebContents, 'send' | 'isDestroyed'>,
  channel: C,
  ...args: EventArgs<C>
): void {
  if (!contents.isDestroyed()) contents.send(channel, ...args);
}
