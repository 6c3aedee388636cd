/**
 * The export in a process of its own, as the desktop app's main process runs it:
 * - exporter.test.ts kills it mid-export with SIGKILL (`delayMs` slows each original down; it
 *   prints `exported` once a few files are in), as a crash or a forced quit would: what the next
 *   start finds is what the folder and its journal held at that moment;
 * - `npm run bench:export` times it (`finished` when the folder is up to date) and, with
 *   `baseline`, times a plain download of the same originals by URL, 4 at a time, to disk.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createExporter, EXPORT_CONCURRENCY } from '../main/export/exporter';

interface ChildOptions {
  configFile: string;
  folder: string;
  photoApiUrl: string;
  token: string;
  accountId: string;
  delayMs: number;
  /** Download the originals by URL instead, with nothing of the export around it. */
  baseline?: boolean;
}

const options = JSON.parse(process.env.EXPORT_CHILD ?? '{}') as ChildOptions;

async function baseline(): Promise<void> {
  const urls: string[] = [];
  let cursor = '';
  for (;;) {
    const query = `limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await fetch(`${options.photoApiUrl}/photos/changes?${query}`, {
      headers: { authorization: `Bearer ${options.token}` },
    });
    const page = (await response.json()) as {
      added: { url: string }[];
      cursor: string;
      hasMore: boolean;
    };
    urls.push(...page.added.map((photo) => photo.url));
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  await mkdir(options.folder, { recursive: true });
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < urls.length; index = next++) {
      const response = await fetch(urls[index]!);
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        createWriteStream(path.join(options.folder, `${index}.jpg`)),
      );
    }
  };
  await Promise.all(Array.from({ length: EXPORT_CONCURRENCY }, worker));
}

// The work alone is timed (the process start is not the export's).
const started = performance.now();
if (options.baseline) {
  await baseline();
} else {
  const slowFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (options.delayMs > 0 && String(input).includes('/images/'))
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    return response;
  };
  let told = false;
  const exporter = createExporter({
    configFile: options.configFile,
    photoApiUrl: async () => options.photoApiUrl,
    getAccessToken: async () => options.token,
    getAccountId: async () => options.accountId,
    showOpenDialog: async () => ({ canceled: false, filePaths: [options.folder] }),
    showItemInFolder: () => {},
    fetch: slowFetch,
    onChange: (snapshot) => {
      if (!told && snapshot.exportedFiles >= 12) {
        told = true;
        process.stdout.write('exported\n');
      }
    },
  });
  await exporter.chooseFolder();
  await exporter.idle();
  if (exporter.snapshot().phase !== 'up-to-date')
    throw new Error(`the export ended ${exporter.snapshot().phase}`);
  await exporter.close();
}
process.stdout.write(`finished ${(performance.now() - started).toFixed(1)}\n`);
// Stay alive like an app would, until the parent is done with it.
setInterval(() => {}, 60_000);
