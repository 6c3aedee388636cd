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
  operationId: string = crypto.randomUUID(),
): Promise<R> {
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
    signIn: () => invoke('photo:auth:sign-in'),
    cancelSignIn: () => invoke('photo:auth:cancel-sign-in'),
    signOut: () => invoke('photo:auth:sign-out'),
    getAccessToken: () => invoke('photo:auth:get-access-token'),
    getIdTokenClaims: () => invoke('photo:auth:get-id-token-claims'),
    onSessionAbandoned: (listener) => on('photo:auth:session-abandoned', () => listener()),
  },
  files: {
    pickImages: () => invoke('photo:files:pick-images'),
    pickFolder: () => invoke('photo:files:pick-folder'),
    uploadFiles: (handles, target, onProgress) =>
      withProgress('photo:files:upload-progress', onProgress, (id) =>
        invoke('photo:files:upload', id, handles, { albumId: target.albumId }),
      ),
  },
  uploads: {
    resume: () => invoke('photo:uploads:resume'),
    retryFailed: () => invoke('photo:uploads:retry-failed'),
    cancel: () => invoke('photo:uploads:cancel'),
    clear: () => invoke('photo:uploads:clear'),
    onChanged: (listener) => on('photo:uploads:changed', (queue) => listener(queue)),
  },
  watch: {
    list: () => invoke('photo:watch:list'),
    add: (target) => invoke('photo:watch:add', target),
    pause: (watchId) => invoke('photo:watch:pause', watchId),
    resume: (watchId) => invoke('photo:watch:resume', watchId),
    remove: (watchId) => invoke('photo:watch:remove', watchId),
    onChanged: (listener) => on('photo:watch:changed', (watches) => listener(watches)),
  },
  exports: {
    resume: () => invoke('photo:export:resume'),
    chooseFolder: () => invoke('photo:export:choose-folder'),
    start: () => invoke('photo:export:start'),
    pause: () => invoke('photo:export:pause'),
    showInFolder: () => invoke('photo:export:show-in-folder'),
    setAlbumFolders: (on) => invoke('photo:export:set-album-folders', on),
    onChanged: (listener) => on('photo:export:changed', (snapshot) => listener(snapshot)),
  },
  downloads: {
    save: (operationId, request, onProgress) =>
      withProgress(
        'photo:downloads:progress',
        onProgress,
        (id) =>
          invoke('photo:downloads:save', id, {
            kind: request.kind,
            url: request.url,
            fileName: request.fileName,
          }),
        operationId,
      ),
    cancel: (operationId) => invoke('photo:downloads:cancel', operationId),
    showInFolder: (operationId) => invoke('photo:downloads:show-in-folder', operationId),
  },
  storage: {
    load: () => invoke('photo:storage:load'),
    set: (key, value) => invoke('photo:storage:set', key, value),
    remove: (key) => invoke('photo:storage:remove', key),
  },
  openInBrowser: (url) => invoke('photo:shell:open-in-browser', url),
  getAppInfo: () => invoke('photo:app:info'),
  getTexts: () => invoke('photo:app:texts'),
};

const globalName: BridgeGlobalName = 'photoDesktop';
contextBridge.exposeInMainWorld(globalName, bridge);
