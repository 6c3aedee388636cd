import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import type { InvokeChannel } from '../../common/ipc-contract';
import { registerHandlers, type Services } from './register-handlers';
import { createTypedIpc } from './typed-ipc';

/** Every invoke channel of the contract; the `satisfies` makes a missing one a type error. */
const ALL_CHANNELS = {
  'photo:auth:sign-in': true,
  'photo:auth:sign-out': true,
  'photo:auth:get-access-token': true,
  'photo:auth:get-id-token-claims': true,
  'photo:files:pick-images': true,
  'photo:files:upload': true,
  'photo:downloads:save-archive': true,
  'photo:storage:load': true,
  'photo:storage:set': true,
  'photo:storage:remove': true,
  'photo:shell:open-external': true,
  'photo:app:info': true,
} satisfies Record<InvokeChannel, true>;

function setup() {
  const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handle: (channel: string, fn: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown) =>
      handlers.set(channel, fn),
  };
  const services = {
    openExternal: vi.fn().mockResolvedValue(undefined),
    settings: { load: vi.fn(), set: vi.fn().mockResolvedValue(undefined), remove: vi.fn() },
  } as unknown as Services;
  registerHandlers(
    createTypedIpc(ipcMain as unknown as Pick<IpcMain, 'handle'>, () => true),
    services,
  );
  const mainFrame = { url: 'app://photo/index.html' };
  const event = {
    sender: { id: 1, mainFrame },
    senderFrame: mainFrame,
  } as unknown as IpcMainInvokeEvent;
  const call = (channel: string, ...args: unknown[]) =>
    Promise.resolve().then(() => handlers.get(channel)!(event, ...args));
  return { handlers, services, call };
}

describe('registerHandlers', () => {
  it('registers exactly the channels of the contract', () => {
    expect([...setup().handlers.keys()].sort()).toEqual(Object.keys(ALL_CHANNELS).sort());
  });

  it('opens only allow-listed URLs', async () => {
    const { call, services } = setup();
    await call('photo:shell:open-external', 'https://www.albelli.nl/');
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x']) {
      await expect(call('photo:shell:open-external', url)).rejects.toThrow(/arg\[0\]/);
    }
    expect(services.openExternal).toHaveBeenCalledTimes(1);
  });

  it('bounds storage keys and values', async () => {
    const { call, services } = setup();
    await call('photo:storage:set', 'k', 'v');
    await expect(call('photo:storage:set', '', 'v')).rejects.toThrow(/arg\[0\]/);
    await expect(call('photo:storage:set', 'k', 'x'.repeat(70_000))).rejects.toThrow(/arg\[1\]/);
    await expect(call('photo:storage:set', 'k', 42)).rejects.toThrow(/arg\[1\]/);
    expect(services.settings.set).toHaveBeenCalledTimes(1);
  });
});
