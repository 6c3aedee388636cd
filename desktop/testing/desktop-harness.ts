/**
 * The desktop main process without Electron, for the vitest `desktop` project and the
 * `desktop-harness` e2e project: the real services (services.ts), the real typed IPC handlers
 * (sender checks and zod schemas included) behind a stand-in transport, and the real `app://photo`
 * handler served over HTTP on 127.0.0.1 so Chromium can load the built renderer from it. The
 * Electron calls are played by Node: dialogs answer as the test says, the system browser is the
 * test's `openBrowser`, the keychain is {@link testSafeStorage}.
 */
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { APP_ORIGIN } from '../main/app-origin';
import { createAppProtocolHandler } from '../main/app-protocol';
import { readDesktopConfig } from '../main/config';
import type { ShowSaveDialog } from '../main/downloads/downloader';
import type { ShowOpenDialog } from '../main/files/image-picker';
import { registerHandlers, type Services } from '../main/ipc/register-handlers';
import { createTypedIpc } from '../main/ipc/typed-ipc';
import { createMainServices } from '../main/services';
import type { SafeStorageLike } from '../main/storage/token-store';
import { createIpcTransport, type InvokeFrom } from './ipc-transport';
import { loopbackFetch } from './loopback-fetch';
import { testSafeStorage } from './test-safe-storage';

export interface DesktopHarnessOptions {
  /** What `PHOTO_SERVER_URL` would say, e.g. `http://albelli-nl.localhost:8123`. */
  serverUrl: string;
  /** Holds settings.json and tokens.bin. */
  userDataDir: string;
  /** The Downloads folder. */
  downloadsDir: string;
  /** The system browser: receives the authorization URL. */
  openBrowser: (url: string) => Promise<void>;
  showOpenDialog?: ShowOpenDialog;
  showSaveDialog?: ShowSaveDialog;
  /** "Show in folder" (Electron's `shell.showItemInFolder`). */
  showItemInFolder?: (filePath: string) => void;
  safeStorage?: SafeStorageLike;
  loopbackTimeoutMs?: number;
  /** Serve the built renderer (`out/renderer`) on {@link DesktopHarness.rendererOrigin}. */
  rendererDir?: string;
  /** Events main sends to the window go here (channel, then its arguments). */
  onEvent?: (channel: string, args: unknown[]) => void;
  /** `Date.now` of the auth module (tests of expiry). */
  now?: () => number;
  /** Shorter waits of the watched folders. */
  watchTiming?: { stableMs?: number; checkIntervalMs?: number };
}

export interface DesktopHarness {
  services: Services;
  /** Calls an IPC channel as the app's window would (or as `from` claims to be). */
  invoke(channel: string, args: unknown[], from?: InvokeFrom): Promise<unknown>;
  /** `http://127.0.0.1:{port}`, serving what `app://photo` serves; null without `rendererDir`. */
  rendererOrigin: string | null;
  close(): Promise<void>;
}

const refuseDialog = () => Promise.reject(new Error('no dialog expected in this test'));

/** Bridges Node's HTTP server to the `Request → Response` handler of `app://photo`. */
function serveOverHttp(handle: (request: Request) => Promise<Response>): http.Server {
  return http.createServer((incoming, outgoing) => {
    void (async () => {
      try {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        const method = incoming.method ?? 'GET';
        const hasBody = method !== 'GET' && method !== 'HEAD';
        const request = new Request(`${APP_ORIGIN}${incoming.url ?? '/'}`, {
          method,
          headers,
          ...(hasBody
            ? { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: 'half' }
            : {}),
        } as RequestInit);
        const response = await handle(request);
        const out: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          out[name] = value;
        });
        outgoing.writeHead(response.status, out);
        if (response.body && method !== 'HEAD')
          Readable.fromWeb(response.body as WebReadableStream).pipe(outgoing);
        else outgoing.end();
      } catch (error) {
        outgoing.writeHead(500, { 'content-type': 'text/plain' });
        outgoing.end(String(error));
      }
    })();
  });
}

export async function startDesktopHarness(options: DesktopHarnessOptions): Promise<DesktopHarness> {
  const config = readDesktopConfig({ PHOTO_SERVER_URL: options.serverUrl });
  await mkdir(options.userDataDir, { recursive: true });
  await mkdir(options.downloadsDir, { recursive: true });
  const senders = new Set<(channel: string, args: unknown[]) => void>();
  if (options.onEvent) senders.add(options.onEvent);

  const { services, contentSecurityPolicy } = createMainServices(config, {
    userDataDir: options.userDataDir,
    getDownloadsDir: () => options.downloadsDir,
    safeStorage: options.safeStorage ?? testSafeStorage(),
    showOpenDialog: options.showOpenDialog ?? refuseDialog,
    showSaveDialog: options.showSaveDialog ?? refuseDialog,
    openBrowser: options.openBrowser,
    showItemInFolder: options.showItemInFolder ?? (() => {}),
    fetch: loopbackFetch,
    broadcast: (channel, ...args) => {
      for (const send of senders) send(channel, args);
    },
    app: { name: 'Photo Account', version: '0.0.0-harness', os: process.platform },
    ...(options.loopbackTimeoutMs ? { loopbackTimeoutMs: options.loopbackTimeoutMs } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.watchTiming ? { watchTiming: options.watchTiming } : {}),
  });

  const transport = createIpcTransport();
  registerHandlers(createTypedIpc(transport.ipcMain, transport.isOwnWebContents), services);

  let server: http.Server | null = null;
  let rendererOrigin: string | null = null;
  if (options.rendererDir) {
    server = serveOverHttp(
      createAppProtocolHandler({
        rendererDir: path.resolve(options.rendererDir),
        serverOrigin: config.serverOrigin,
        brandHost: config.brandHost,
        contentSecurityPolicy,
        fetch: loopbackFetch,
      }),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    rendererOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  return {
    services,
    invoke: (channel, args, from = {}) =>
      transport.invoke(channel, args, {
        ...from,
        send: (eventChannel, ...eventArgs) => {
          from.send?.(eventChannel, ...eventArgs);
          if (!from.send) options.onEvent?.(eventChannel, eventArgs);
        },
      }),
    rendererOrigin,
    close: async () => {
      services.auth.cancelSignIn();
      await services.watchedFolders.close();
      await services.exporter.close();
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
    },
  };
}
