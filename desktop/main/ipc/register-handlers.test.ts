import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvokeChannel } from '../../common/ipc-contract';
import { startDesktopHarness, type DesktopHarness } from '../../testing/desktop-harness';

/** Every invoke channel of the contract; the `satisfies` makes a missing one a type error. */
const ALL_CHANNELS = {
  'photo:auth:sign-in': true,
  'photo:auth:cancel-sign-in': true,
  'photo:auth:sign-out': true,
  'photo:auth:get-access-token': true,
  'photo:auth:get-id-token-claims': true,
  'photo:files:pick-images': true,
  'photo:files:pick-folder': true,
  'photo:files:upload': true,
  'photo:uploads:resume': true,
  'photo:uploads:retry-failed': true,
  'photo:uploads:cancel': true,
  'photo:uploads:clear': true,
  'photo:export:resume': true,
  'photo:export:choose-folder': true,
  'photo:export:start': true,
  'photo:export:pause': true,
  'photo:export:show-in-folder': true,
  'photo:export:set-album-folders': true,
  'photo:downloads:save': true,
  'photo:downloads:cancel': true,
  'photo:downloads:show-in-folder': true,
  'photo:storage:load': true,
  'photo:storage:set': true,
  'photo:storage:remove': true,
  'photo:shell:open-in-browser': true,
  'photo:app:info': true,
  'photo:app:texts': true,
  'photo:watch:list': true,
  'photo:watch:add': true,
  'photo:watch:pause': true,
  'photo:watch:resume': true,
  'photo:watch:remove': true,
} satisfies Record<InvokeChannel, true>;

let dir: string;
let harness: DesktopHarness;
const openBrowser = vi.fn(async (_url: string) => {});

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'photo-ipc-'));
  openBrowser.mockClear();
  // No server: every call below is refused (or served) before anything goes on the network.
  harness = await startDesktopHarness({
    serverUrl: 'http://127.0.0.1:9',
    userDataDir: path.join(dir, 'user-data'),
    downloadsDir: path.join(dir, 'Downloads'),
    openBrowser,
  });
});

afterEach(async () => {
  await harness.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the IPC handlers of the main process', () => {
  it('serve exactly the channels of the contract', () => {
    // The harness registers through the same registerHandlers as the app.
    const registered = new Set<string>();
    return Promise.all(
      Object.keys(ALL_CHANNELS).map(async (channel) => {
        const error = await harness.invoke(channel, ['x', 'y', 'z', 'w']).catch((e: Error) => e);
        if (!(error instanceof Error && /No handler registered/.test(error.message)))
          registered.add(channel);
      }),
    ).then(async () => {
      expect([...registered].sort()).toEqual(Object.keys(ALL_CHANNELS).sort());
      await expect(harness.invoke('photo:debug:eval', [])).rejects.toThrow(/No handler/);
    });
  });

  it.each([
    ['a web page', { frameUrl: 'https://evil.example/' }],
    ['a file:// page', { frameUrl: 'file:///tmp/x.html' }],
    ['an iframe of the app', { subframe: true }],
    ['another web contents', { contentsId: 42 }],
  ])('refuse %s before any handler runs', async (_label, from) => {
    for (const [channel, args] of [
      ['photo:auth:get-access-token', []],
      ['photo:storage:set', ['k', 'v']],
      ['photo:shell:open-in-browser', ['https://example.com/']],
      ['photo:auth:sign-in', []],
    ] as const) {
      await expect(harness.invoke(channel, [...args], from)).rejects.toThrow(
        `${channel}: sender is not the app`,
      );
    }
    expect(openBrowser).not.toHaveBeenCalled();
    expect(await harness.services.settings.load()).toEqual({});
  });

  it('refuse bad arguments, naming the argument', async () => {
    const id = randomUUID();
    const cases: Array<[string, unknown[], RegExp]> = [
      ['photo:auth:get-access-token', ['extra'], /arguments|arg\[0\]/],
      ['photo:storage:set', ['', 'v'], /arg\[0\]/],
      ['photo:storage:set', ['k', 'x'.repeat(70_000)], /arg\[1\]/],
      ['photo:storage:set', ['k', 42], /arg\[1\]/],
      ['photo:storage:remove', [{ toString: 'k' }], /arg\[0\]/],
      ['photo:shell:open-in-browser', ['javascript:alert(1)'], /arg\[0\]/],
      ['photo:shell:open-in-browser', ['file:///etc/passwd'], /arg\[0\]/],
      ['photo:shell:open-in-browser', ['mailto:x@example.com'], /arg\[0\]/],
      ['photo:files:upload', [id, ['/etc/passwd'], { albumId: null }], /arg\[1\]\.0/],
      ['photo:files:upload', [id, [id], { albumId: 'a\r\nX: y' }], /arg\[2\]\.albumId/],
      ['photo:files:upload', [id, [id], { albumId: null, path: '/etc' }], /arg\[2\]/],
      // The queue's paths stay in main: its channels take nothing from the renderer.
      ['photo:uploads:resume', ['/etc/passwd'], /arguments|arg\[0\]/],
      ['photo:uploads:retry-failed', [{ path: '/etc' }], /arguments|arg\[0\]/],
      ['photo:uploads:clear', ['all'], /arguments|arg\[0\]/],
      ['photo:uploads:cancel', ['all'], /arguments|arg\[0\]/],
      [
        'photo:downloads:save',
        ['not-a-uuid', { kind: 'file', url: 'https://a/b', fileName: 'x' }],
        /arg\[0\]/,
      ],
      [
        'photo:downloads:save',
        [id, { kind: 'folder', url: 'https://a/b', fileName: 'x' }],
        /arg\[1\]\.kind/,
      ],
      [
        'photo:downloads:save',
        [id, { kind: 'file', url: 'https://a/b', fileName: '' }],
        /arg\[1\]\.fileName/,
      ],
      [
        'photo:downloads:save',
        [id, { kind: 'file', url: 'https://a/b', fileName: 'x', path: '/tmp/x' }],
        /arg\[1\]/,
      ],
      ['photo:downloads:cancel', ['../../etc'], /arg\[0\]/],
      ['photo:downloads:show-in-folder', [42], /arg\[0\]/],
      // A watched folder comes from main's dialog: no path, no unknown target, ids only.
      ['photo:watch:add', ['/home/someone/Pictures'], /arg\[0\]/],
      ['photo:watch:add', [{ target: 'album', path: '/etc' }], /arg\[0\]/],
      ['photo:watch:add', ['album', '/etc'], /arguments|arg\[1\]/],
      ['photo:watch:pause', ['../../etc'], /arg\[0\]/],
      ['photo:watch:resume', [42], /arg\[0\]/],
      ['photo:watch:remove', [], /arg\[0\]|arguments/],
      ['photo:watch:list', ['/etc'], /arguments|arg\[0\]/],
      // The album-folder option is a boolean, never a path or a name.
      ['photo:export:set-album-folders', ['/home/someone/Albums'], /arg\[0\]/],
      ['photo:export:set-album-folders', [], /arg\[0\]|arguments/],
    ];
    for (const [channel, args, message] of cases) {
      await expect(harness.invoke(channel, args), channel).rejects.toThrow(message);
    }
    expect(openBrowser).not.toHaveBeenCalled();
  });

  it('open the browser only for http(s) and reveal only files this app saved', async () => {
    await harness.invoke('photo:shell:open-in-browser', ['https://www.albelli.nl/faq']);
    expect(openBrowser).toHaveBeenCalledWith('https://www.albelli.nl/faq');
    await expect(harness.invoke('photo:downloads:show-in-folder', [randomUUID()])).rejects.toThrow(
      /No file was saved/,
    );
  });

  it('keep settings in settings.json, in order', async () => {
    await harness.invoke('photo:storage:set', ['desktop.askWhereToSave', 'true']);
    await harness.invoke('photo:storage:set', ['sortingOptions', '{}']);
    await harness.invoke('photo:storage:remove', ['sortingOptions']);
    expect(await harness.invoke('photo:storage:load', [])).toEqual({
      'desktop.askWhereToSave': 'true',
    });
  });
});
