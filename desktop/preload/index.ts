/**
 * The sandboxed preload: exposes one small object, `window.photoDesktop`, with one method per
 * channel (Element's `preload.cts`). Nothing of `ipcRenderer` itself crosses the bridge, so
 * the page can reach only the channels listed here. Imports electron and the contract only.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type {
  BridgeGlobalName,
  DesktopBridge,
  EventArgs,
  EventChannel,
  InvokeArgs,
  InvokeChannel,
  InvokeResult,
} from '../common/ipc-contract';

function invoke<C extends InvokeChannel>(
  channel: C,
  ...args: InvokeArgs<C>
): Promise<InvokeResult<C>> {
  return ipcRenderer.invoke(channel, ...args) as Promise<InvokeResult<C>>;
}

function on<C extends EventChannel>(
  channel: C,
  listener: (...args: EventArgs<C>) => void,
): () => void {
  const wrapped = (_event: IpcRendererEvent, ...args: unknown[]) =>
    listener(...(args as EventArgs<C>));
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

/** Runs a call whose progress events carry `operationId`, forwarding only its own events. */
async function withProgress<
  C extends 'photo:files:upload-progress' | 'photo:downloads:progress',
  R,
>(
  channel: C,
  onProgress: ((progress: EventArgs<C>[1]) => void) | undefined,
  call: (operationId: string) => Promise<R>,
): Promise<R> {
  const operationId = crypto.randomUUID();
  const off = on(channel, ((id: string, progress: EventArgs<C>[1]) => {
    if (id === operationId) onProgress?.(progress);
  }) as (...args: EventArgs<C>) => void);
  try {
    return await call(operationId);
  } finally {
    off();
  }
}

const bridge: DesktopBridge = {
  auth: {
    signIn: (returnTo) => invoke('photo:auth:sign-in', returnTo),
    signOut: () => invoke('photo:auth:sign-out'),
    getAccessToken: () => invoke('photo:auth:get-access-token'),
    getIdTokenClaims: () => invoke('photo:auth:get-id-token-claims'),
    onSessionAbandoned: (listener) => on('photo:auth:session-abandoned', () => listener()),
  },
  files: {
    pickImages: () => invoke('photo:files:pick-images'),
    uploadFiles: (handles, target, onProgress) =>
      withProgress('photo:files:upload-progress', onProgress, (id) =>
        invoke('photo:files:upload', id, handles, { albumId: target.albumId }),
      ),
  },
  downloads: {
    saveArchive: (url, fileName, onProgress) =>
      withProgress('photo:downloads:progress', onProgress, (id) =>
        invoke('photo:downloads:save-archive', id, url, fileName),
      ),
  },
  storage: {
    load: () => invoke('photo:storage:load'),
    set: (key, value) => invoke('photo:storage:set', key, value),
    remove: (key) => invoke('photo:storage:remove', key),
  },
  openExternal: (url) => invoke('photo:shell:open-external', url),
  getAppInfo: () => invoke('photo:app:info'),
};

const globalName: BridgeGlobalName = 'photoDesktop';
contextBridge.exposeInMainWorld(globalName, bridge);
