import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTypedIpc, isTrustedSender, type SenderEvent } from './typed-ipc';

const OWN_ID = 7;
const isOwn = (id: number) => id === OWN_ID;

function eventFrom(
  url: string,
  options: { subframe?: boolean; id?: number; destroyed?: boolean } = {},
): SenderEvent {
  const mainFrame = { url };
  const frame = options.subframe ? { url } : mainFrame;
  return {
    sender: { id: options.id ?? OWN_ID, mainFrame },
    senderFrame: options.destroyed ? null : frame,
  };
}

describe('isTrustedSender', () => {
  it('accepts the main frame of our window on the app origin', () => {
    expect(isTrustedSender(eventFrom('app://photo/index.html'), isOwn)).toBe(true);
  });

  it.each([
    ['a web page', eventFrom('https://evil.example/')],
    ['a file page', eventFrom('file:///tmp/x.html')],
    ['another app host', eventFrom('app://other/index.html')],
    ['an iframe of the app', eventFrom('app://photo/index.html', { subframe: true })],
    ['a web contents we did not create', eventFrom('app://photo/index.html', { id: 99 })],
    ['a destroyed frame', eventFrom('app://photo/index.html', { destroyed: true })],
  ])('rejects %s', (_label, event) => {
    expect(isTrustedSender(event, isOwn)).toBe(false);
  });
});

function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handle: (
      channel: string,
      listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown,
    ) => handlers.set(channel, listener),
  };
  const call = (channel: string, event: SenderEvent, ...args: unknown[]) =>
    Promise.resolve().then(() =>
      handlers.get(channel)!(event as unknown as IpcMainInvokeEvent, ...args),
    );
  return { ipcMain: ipcMain as unknown as Pick<IpcMain, 'handle'>, call };
}

describe('createTypedIpc', () => {
  const trusted = eventFrom('app://photo/index.html');

  it('runs the handler with validated arguments for a trusted sender', async () => {
    const { ipcMain, call } = fakeIpcMain();
    const set = vi.fn();
    createTypedIpc(ipcMain, isOwn).handle(
      'photo:storage:set',
      z.tuple([z.string(), z.string()]),
      (_e, key, value) => set(key, value),
    );
    await call('photo:storage:set', trusted, 'sort', 'created/desc');
    expect(set).toHaveBeenCalledWith('sort', 'created/desc');
  });

  it('refuses untrusted senders before the handler runs', async () => {
    const { ipcMain, call } = fakeIpcMain();
    const handler = vi.fn();
    createTypedIpc(ipcMain, isOwn).handle('photo:auth:get-access-token', z.tuple([]), handler);
    await expect(
      call('photo:auth:get-access-token', eventFrom('https://evil.example/')),
    ).rejects.toThrow(/sender is not the app/);
    await expect(
      call('photo:auth:get-access-token', eventFrom('app://photo/', { subframe: true })),
    ).rejects.toThrow(/sender/);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses malformed arguments and names the argument', async () => {
    const { ipcMain, call } = fakeIpcMain();
    const handler = vi.fn();
    createTypedIpc(ipcMain, isOwn).handle(
      'photo:files:upload',
      z.tuple([
        z.string().uuid(),
        z.array(z.string().uuid()),
        z.object({ albumId: z.string().nullable() }),
      ]),
      handler,
    );
    const id = '6f1d1c5e-2b1a-4c1e-9a5e-8f3a3a0b1c2d';
    await expect(
      call('photo:files:upload', trusted, id, ['/etc/passwd'], { albumId: null }),
    ).rejects.toThrow(/arg\[1\]\.0/);
    await expect(call('photo:files:upload', trusted, id, [id], { albumId: 5 })).rejects.toThrow(
      /arg\[2\]\.albumId/,
    );
    await expect(
      call('photo:files:upload', trusted, id, [id], { albumId: null }, 'extra'),
    ).rejects.toThrow(/photo:files:upload/);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses to register a channel without the prefix', () => {
    const { ipcMain } = fakeIpcMain();
    const ipc = createTypedIpc(ipcMain, isOwn);
    expect(() =>
      ipc.handle('evil:channel' as 'photo:app:info', z.tuple([]), () => ({
        name: '',
        version: '',
        os: '',
        serverOrigin: '',
        tokenStorage: 'memory',
      })),
    ).toThrow(/prefix/);
  });
});
