import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The nice value of libvips's worker threads: below request handling, so the uploads (and every
 * other request) go first on a busy machine and the thumbnails take the CPU they leave. At 10 a
 * thread gets about a tenth of a contended core, and all of an idle one.
 */
export const IMAGE_THREAD_NICE = 10;

/** What libvips names its worker threads (Linux's 15-character thread name). */
const WORKER_NAME = 'libvips worker';
const TASKS = '/proc/self/task';

let unsupported = process.platform !== 'linux';

/**
 * Lowers the scheduling priority of libvips's worker threads (decoding, scaling and encoding of
 * every sharp pipeline; about 80 % of a thumbnail's CPU) to {@link IMAGE_THREAD_NICE}. Linux
 * schedules threads one by one, and a thread may raise the nice value of another thread of its
 * process without privileges; libvips keeps its workers, and one it starts later inherits the
 * value of the thread that starts it, or is caught by the next call. Elsewhere (no `/proc`), or
 * when the system refuses, nothing happens: the decodes then share the CPU evenly with the
 * requests, as they did before. Answers how many threads it lowered now.
 */
export function lowerImageThreadPriority(): number {
  if (unsupported) return 0;
  let names: string[];
  try {
    names = readdirSync(TASKS);
  } catch {
    unsupported = true;
    return 0;
  }
  let count = 0;
  for (const name of names) {
    const tid = Number(name);
    try {
      if (readFileSync(`${TASKS}/${name}/comm`, 'utf8').trim() !== WORKER_NAME) continue;
      if (getPriority(tid) >= IMAGE_THREAD_NICE) continue;
      setPriority(tid, IMAGE_THREAD_NICE);
      count += 1;
    } catch (error) {
      // A thread that ended meanwhile is no reason to stop; a refusal is.
      // (os's calls put the errno in `info.code`, fs's in `code`)
      const failed = error as { code?: string; info?: { code?: string } };
      const code = failed.info?.code ?? failed.code;
      if (code !== 'ENOENT' && code !== 'ESRCH') unsupported = true;
    }
  }
  return count;
}
