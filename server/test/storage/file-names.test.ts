import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDemoJpeg, prng } from '../../src/seed/photos-images.ts';
import {
  cleanFileName,
  contentDisposition,
  downloadFileName,
} from '../../src/storage/file-names.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { Api } from '../photo-management/helpers.ts';
import { zipEntries } from '../../src/testing/zip-entries.ts';
import { apiClient, poll } from '../photo-management/helpers.ts';
import { tusUpload } from './helpers.ts';

describe('cleanFileName', () => {
  it.each([
    ['holiday.jpg', 'holiday.jpg'],
    ['Été à Paris 🎉.HEIC', 'Été à Paris 🎉.HEIC'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\sam\\Pictures\\beach.png', 'beach.png'],
    ['invoice\u202Egpj.exe', 'invoicegpj.exe'], // right-to-left override: shows as "invoiceexe.jpg"
    ['\u2066evil\u2069\u202A.png', 'evil.png'], // isolates and embeddings
    ['a\u200Bb\u200C\u200Dc\uFEFF.jpg', 'abc.jpg'], // zero-width characters, byte-order mark
    ['soft\u00ADhyphen\u2060.jpg', 'softhyphen.jpg'],
    ['tab\there\nand\u0000nul\u007F\u0085.jpg', 'tabhereandnul.jpg'],
    ['what?*:<>|".jpg', 'what_______.jpg'],
    ['...hidden.jpg', 'hidden.jpg'],
    ['name.jpg. . ', 'name.jpg'],
    ['   ', 'photo'],
    ['\u200B\u200E\u202E', 'photo'],
    ['', 'photo'],
    [undefined, 'photo'],
  ])('%j → %j', (input, expected) => {
    expect(cleanFileName(input)).toBe(expected);
  });

  it('keeps long names at 200 characters with their extension', () => {
    const cleaned = cleanFileName(`${'x'.repeat(300)}.jpeg`);
    expect(cleaned).toHaveLength(200);
    expect(cleaned.endsWith('.jpeg')).toBe(true);
  });
});

describe('downloadFileName', () => {
  it.each([
    ['invoice.html', 'image/jpeg', 'invoice.html.jpg'],
    ['photo.JPG', 'image/jpeg', 'photo.JPG'],
    ['scan.jpeg', 'image/jpeg', 'scan.jpeg'],
    ['IMG_0001.HEIC', 'image/heic', 'IMG_0001.HEIC'],
    ['IMG_0001.heif', 'image/heic', 'IMG_0001.heif'],
    ['IMG_0001.jpg', 'image/heic', 'IMG_0001.jpg.heic'],
    ['shot.jpg', 'image/png', 'shot.jpg.png'],
    ['no extension', 'image/png', 'no extension.png'],
    ['evil\u202Egnp.exe', 'image/png', 'evilgnp.exe.png'],
    ['', 'image/jpeg', 'photo.jpg'],
  ])('%j as %s → %j', (name, type, expected) => {
    expect(downloadFileName(name, type)).toBe(expected);
  });
});

describe('contentDisposition', () => {
  it('has an ASCII fallback and the UTF-8 name with every reserved character encoded', () => {
    expect(contentDisposition('attachment', 'Été "1" (copy)*\\.jpg')).toBe(
      `attachment; filename="_t_ _1_ (copy)*_.jpg"; filename*=UTF-8''%C3%89t%C3%A9%20%221%22%20%28copy%29%2A%5C.jpg`,
    );
  });
});

describe('names handed out by the server', () => {
  let server: TestServer;
  let demo: Api;

  beforeAll(async () => {
    server = await startTestServer();
    demo = apiClient(
      server.origin,
      (await signIn(server.origin, 'demo@example.com', 'demo1234')).accessToken,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  }, 120_000);

  it('cleans names on upload, and downloads and zip entries carry the stored type’s extension', async () => {
    // A JPEG named to pose as something else, through each upload path.
    const viaTus = await tusUpload(server.origin, demo.token, await renderDemoJpeg(prng(1), null), {
      filename: 'invoice\u202Egpj.html',
    });
    expect(viaTus.body.photo.localFileName).toBe('invoicegpj.html');
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await renderDemoJpeg(prng(2), null))], { type: 'image/jpeg' }),
      'report\u200B\u0007.pdf',
    );
    const multipart = await fetch(`${server.origin}/api/photo/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.token}` },
      body: form,
    });
    const viaMultipart = (await multipart.json()) as { imageId: string; localFileName: string };
    expect(viaMultipart.localFileName).toBe('report.pdf');
    // A name stored before names were cleaned is cleaned on the way out.
    const old = (
      await tusUpload(server.origin, demo.token, await renderDemoJpeg(prng(3), null), {
        filename: 'old.jpg',
      })
    ).body.photoId as string;
    await server.app.deps.db
      .updateTable('photos')
      .set({ local_file_name: 'old\u0007name\u202Egnp.exe' })
      .where('id', '=', old)
      .execute();

    const expected: Array<[string, string]> = [
      [viaTus.body.photoId, 'invoicegpj.html.jpg'],
      [viaMultipart.imageId, 'report.pdf.jpg'],
      [old, 'oldnamegnp.exe.jpg'],
    ];
    for (const [id, name] of expected) {
      const photo = (await demo.get(`/photos/${id}`)).body;
      const download = await fetch(photo.untouchedUrl);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      // Read to the end, so the connection is free again (an unread body keeps it busy).
      await download.arrayBuffer();
    }

    const job = (await demo.send('POST', '/downloads', { photoIds: expected.map(([id]) => id) }))
      .body;
    const url = await poll(async () => {
      const answer = await demo.get(`/downloads/${job.id}/url`);
      return answer.status === 200 ? (answer.body.url as string) : undefined;
    });
    const zip = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(zipEntries(zip).map((entry) => entry.name)).toEqual(expected.map(([, name]) => name));
  });
});
