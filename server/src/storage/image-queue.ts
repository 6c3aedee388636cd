import pLimit from 'p-limit';
import type { LimitFunction } from 'p-limit';
import PQueue from 'p-queue';
import type {
  ImageInfo,
  ImageInput,
  ImageProbe,
  ProcessedImage,
  ThumbnailOutput,
} from './image-processing.ts';
import { inspectImage, probeImage, processImage, renderThumbnails } from './image-processing.ts';

/**
 * Above this many pixels an image counts as large: decoding a 16000 × 16000 PNG takes about
 * 100 MB while it runs, a 12 MP phone photo a tenth of that.
 */
export const LARGE_IMAGE_PIXELS = 40_000_000;

/**
 * How the server process should start (`npm start -w server` sets these; other glibc
 * deployments should too). glibc's allocator raises its mmap threshold each time a large block
 * is freed; from then on libvips's decode buffers come from the heap and are kept, and the
 * process grows with every huge image: a fixed threshold keeps large buffers mapped and hands
 * them back when freed. And each thread that allocates (libvips's, libuv's) gets an arena of its
 * own; two arenas took the upload benchmark's peak from 314 to 278 MB at the same speed.
 */
/**
 * Decodes of thumbnails nobody waits for yet that run at once in a queue of `concurrency`
 * slots: one slot is always left for a decode someone waits for (`npm run bench:upload` runs
 * its sharp-only baseline at this parallelism too).
 */
export const backgroundDecodeSlots = (concurrency: number): number =>
  Math.max(1, Math.floor(concurrency) - 1);

export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' } as const;

/**
 * The bounded queue every image decode of the server goes through (uploads, the legacy
 * import), so a burst of huge images cannot take the process's memory with it: at most
 * `concurrency` decodes run at once, and large images (above {@link LARGE_IMAGE_PIXELS}, and
 * every HEIC above that, which libheif decodes whole) take at most `concurrency - 1` of those
 * slots, so ordinary photos keep flowing beside a queue of huge ones. With a concurrency of 1
 * everything runs strictly one at a time.
 *
 * The probe (header only: kind and pixel size) runs before the decode queue, so a file that
 * is not an image, or is over the pixel limits, is refused without waiting for the decodes.
 */
export class ImageQueue {
  private readonly all: PQueue;
  private readonly large: PQueue;
  /** Thumbnails nobody waits for yet: a slot is always left for the rest. */
  private readonly background: PQueue;
  /** Probes are cheap, but a HEIC's is read whole: a bound all the same. */
  private readonly probes: LimitFunction;

  constructor(concurrency: number) {
    const slots = Math.max(1, Math.floor(concurrency));
    this.all = new PQueue({ concurrency: slots });
    this.large = new PQueue({ concurrency: Math.max(1, slots - 1) });
    this.background = new PQueue({ concurrency: backgroundDecodeSlots(slots) });
    this.probes = pLimit(slots * 2);
  }

  async process(input: ImageInput): Promise<ProcessedImage> {
    const probe = await this.probes(() => probeImage(input));
    return this.run(input, probe);
  }

  run(input: ImageInput, probe: ImageProbe): Promise<ProcessedImage> {
    return this.decodeSlot(probe.width * probe.height, 0, () => processImage(input, probe));
  }

  /** The header check of an upload (no decode), beside the decode slots. */
  inspect(input: ImageInput): Promise<ImageInfo> {
    return this.probes(() => inspectImage(input));
  }

  /**
   * Renders the thumbnails of an inspected image in a decode slot. Background renders
   * (`priority` 0) take at most `concurrency - 1` slots, so a decode someone waits for finds
   * one free, and ask `stillNeeded` once their turn comes (null when no longer needed); a
   * higher `priority` goes ahead of every waiting decode (a thumbnail asked for). On the upload
   * benchmark one background render at a time instead of two kept the peak RSS under 300 MB
   * and let the uploads themselves answer faster.
   */
  render(
    input: ImageInput,
    info: ImageInfo,
    priority = 0,
    stillNeeded?: () => Promise<boolean>,
  ): Promise<ThumbnailOutput[] | null> {
    const decode = () =>
      this.decodeSlot(info.width * info.height, priority, () => renderThumbnails(input, info));
    if (priority > 0) return decode();
    return this.background.add(async () =>
      stillNeeded && !(await stillNeeded()) ? null : decode(),
    );
  }

  private decodeSlot<T>(pixels: number, priority: number, work: () => Promise<T>): Promise<T> {
    const decode = () => this.all.add(work, { priority });
    return pixels > LARGE_IMAGE_PIXELS ? this.large.add(decode, { priority }) : decode();
  }

  /** Decodes running or waiting. */
  get size(): number {
    return this.all.pending + this.all.size + this.large.size + this.background.size;
  }
}
