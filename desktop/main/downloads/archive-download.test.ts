import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DownloadProgress } from '../../common/ipc-contract';
import { createArchiveDownloader, type ShowSaveDialog } from './archive-download';

const archive = randomBytes(3 * 1024 * 1024 + 17);
let server: http.Server;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'photo-downloads-'));
  server = http.createServer((request, response) => {
    if (request.url === '/archive.zip') {
      response.writeHead(200, {
        'content-type': 'application/zip',
        'content-length': archive.length,
      });
      // Several writes, so the client sees the body arrive in pieces.
      const chunk = 256 * 1024;
      for (let offset = 0; offset < archive.length; offset += chunk)
        response.write(archive.subarray(offset, offset + chunk));
      response.end();
    } else if (request.url === '/truncated.zip') {
      response.writeHead(200, { 'content-length': archive.length });
      response.write(archive.subarray(0, 1000));
      response.destroy();
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

function downloaderSavingTo(fileName: string | null) {
  const showSaveDialog = vi.fn<ShowSaveDialog>(async () =>
    fileName === null
      ? { canceled: true }
      : { canceled: false, filePath: path.join(dir, fileName) },
  );
  const downloader = createArchiveDownloader({
    showSaveDialog,
    getDownloadsDir: () => '/home/user/Downloads',
    progressIntervalMs: 0,
  });
  return { downloader, showSaveDialog };
}

describe('archive downloads', () => {
  it('streams the archive to the chosen file and reports progress', async () => {
    const { downloader } = downloaderSavingTo('photos.zip');
    const progress: DownloadProgress[] = [];
    const result = await downloader.saveArchive(`${base}/archive.zip`, 'photos', (p) =>
      progress.push(p),
    );

    expect(result).toEqual({ status: 'saved', fileName: 'photos.zip' });
    expect((await readFile(path.join(dir, 'photos.zip'))).equals(archive)).toBe(true);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toEqual({ receivedBytes: archive.length, totalBytes: archive.length });
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.receivedBytes).toBeGreaterThanOrEqual(progress[i - 1]!.receivedBytes);
    }
  });

  it('offers only a sanitised name inside the Downloads folder', async () => {
    const { downloader, showSaveDialog } = downloaderSavingTo(null);
    await downloader.saveArchive(`${base}/archive.zip`, '../../../etc/cron.d/evil');
    await downloader.saveArchive(`${base}/archive.zip`, 'C:\\Windows\\System32\\con');
    await downloader.saveArchive(`${base}/archive.zip`, 'a<b>:c|d?.zip');
    const proposed = showSaveDialog.mock.calls.map(([options]) => options.defaultPath);
    expect(proposed).toEqual([
      path.join('/home/user/Downloads', 'evil.zip'),
      path.join('/home/user/Downloads', '_con.zip'),
      path.join('/home/user/Downloads', 'a_b__c_d_.zip'),
    ]);
  });

  it('does nothing when the user cancels the dialog', async () => {
    const { downloader } = downloaderSavingTo(null);
    const before = await readdir(dir);
    await expect(downloader.saveArchive(`${base}/archive.zip`, 'x')).resolves.toEqual({
      status: 'cancelled',
    });
    expect(await readdir(dir)).toEqual(before);
  });

  it('leaves no file behind when the server fails or the body is cut off', async () => {
    const { downloader } = downloaderSavingTo('missing.zip');
    await expect(downloader.saveArchive(`${base}/nope.zip`, 'missing')).rejects.toThrow(/404/);
    expect(existsSync(path.join(dir, 'missing.zip'))).toBe(false);

    const cut = downloaderSavingTo('cut.zip');
    await expect(cut.downloader.saveArchive(`${base}/truncated.zip`, 'cut')).rejects.toThrow();
    expect(existsSync(path.join(dir, 'cut.zip'))).toBe(false);
    expect(existsSync(path.join(dir, 'cut.zip.part'))).toBe(false);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'http://evil.example/a.zip',
    'ftp://x/a.zip',
  ])('refuses to fetch %s', async (url) => {
    const { downloader, showSaveDialog } = downloaderSavingTo('x.zip');
    await expect(downloader.saveArchive(url, 'x')).rejects.toThrow(/url must be/);
    expect(showSaveDialog).not.toHaveBeenCalled();
  });
});
