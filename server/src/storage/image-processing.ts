import { open, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { DecodedImage, HeicImages } from 'heic-decode';
import exifr from 'exifr';
import { THUMBNAIL_SIZES } from '@photo/core/api/schemas/photo';

// libvips keeps recently decoded images and operations in a cache; for one-shot thumbnails of
// uploads that is memory held for nothing.
sharp.cache(false);

/** libheif (wasm, about 15 MB of memory once loaded) is loaded with the first HEIC. */
const heicDecoder = async () => (await import('heic-decode')).default;

/** Largest JPEG/PNG accepted, in pixels: sharp's own default (16383 × 16383), made explicit. */
export const MAX_INPUT_PIXELS = 0x3fff * 0x3fff;
/**
 * Largest HEIC accepted: libheif decodes the whole picture to RGBA (4 bytes a pixel) in memory,
 * so 50 MP (a 48 MP phone photo fits) costs about 200 MB while it is decoded.
 */
export const MAX_HEIC_PIXELS = 50_000_000;

export type ImageKind = 'jpeg' | 'png' | 'heic';

export const MIME_TYPES: Record<ImageKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
};

const HEIC_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
]);

/** Identifies HEIC, JPEG or PNG by magic bytes only: names and Content-Type headers are ignored. */
export function sniffImageKind(head: Uint8Array): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, i) => head[i] === byte)) return 'png';
  if (head.length >= 12 && Buffer.from(head.subarray(4, 8)).toString('latin1') === 'ftyp') {
    const brand = Buffer.from(head.subarray(8, 12)).toString('latin1');
    if (HEIC_BRANDS.has(brand)) return 'heic';
  }
  return null;
}

export interface ThumbnailOutput {
  size: number;
  width: number;
  height: number;
  data: Buffer;
}

/** A thumbnail's pixel size, known from the header before anything is decoded. */
export interface ThumbnailSize {
  size: number;
  width: number;
  height: number;
}

/**
 * What the header and EXIF say about an image (no decode): enough to refuse it, to record the
 * photo with its thumbnails' sizes, and to render them later.
 */
export interface ImageInfo {
  kind: ImageKind;
  mimeType: string;
  /** ISO date from EXIF DateTimeOriginal/CreateDate (read as UTC wall time), or null. */
  dateTaken: string | null;
  visibleWidth: number | null;
  visibleHeight: number | null;
  /** Pixel size as shown (after the EXIF rotation). */
  width: number;
  height: number;
  /** EXIF orientation (1 when none). */
  orientation: number;
  /** The 300/800/1300 thumbnails' sizes, smallest first ({@link thumbnailSizes}). */
  thumbnailSizes: ThumbnailSize[];
}

export interface ProcessedImage extends ImageInfo {
  /** JPEG thumbnails, longest side ≤ 300/800/1300, auto-oriented, never enlarged. */
  thumbnails: ThumbnailOutput[];
}

/**
 * The thumbnails' pixel sizes for a picture shown at `width` × `height`: longest side scaled to
 * 300/800/1300, never enlarged, rounded. Rendering resizes to exactly these, so a photo can be
 * recorded (and its sizes answered) before its thumbnails exist.
 */
export function thumbnailSizes(width: number, height: number): ThumbnailSize[] {
  return [...THUMBNAIL_SIZES]
    .sort((a, b) => a - b)
    .map((size) => {
      const scale = Math.min(1, size / Math.max(width, height));
      return {
        size,
        width: Math.max(1, Math.round(width * scale)),
        height: Math.max(1, Math.round(height * scale)),
      };
    });
}

/**
 * Bytes that are not an acceptable image. `reason` completes a sentence about the file
 * ("holiday.jpg" + " is not a JPEG, PNG or HEIC image"), so callers can name the file.
 */
export class InvalidImageError extends Error {
  override name = 'InvalidImageError';
  readonly reason: string;

  constructor(reason: string, options?: ErrorOptions) {
    super(`The file ${reason}`, options);
    this.reason = reason;
  }

  /** The refusal as one sentence naming the file, e.g. `"notes.jpg" is not a JPEG, …`. */
  forFile(fileName: string): string {
    return `"${fileName}" ${this.reason}`;
  }
}

/** An image file on disk, or its bytes already in memory (seed, tests). */
export type ImageInput = Buffer | string;

/** What the header says: enough to refuse early and to queue by size. */
export interface ImageProbe {
  kind: ImageKind;
  width: number;
  height: number;
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/** EXIF dates have no zone: keep the wall-clock time and call it UTC, so months never shift. */
export function parseExifDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = EXIF_DATE.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < 1971 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

interface ExifFields {
  DateTimeOriginal?: unknown;
  CreateDate?: unknown;
  Orientation?: unknown;
  ExifImageWidth?: unknown;
  ExifImageHeight?: unknown;
}

async function readExif(input: ImageInput): Promise<ExifFields> {
  try {
    const exif = (await exifr.parse(input, {
      pick: ['DateTimeOriginal', 'CreateDate', 'Orientation', 'ExifImageWidth', 'ExifImageHeight'],
      reviveValues: false,
      translateValues: false,
    })) as ExifFields | undefined;
    return exif ?? {};
  } catch {
    // Broken EXIF is not a broken image: the decode decides whether the file is acceptable.
    return {};
  }
}

const positiveInt = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

async function readHead(input: ImageInput): Promise<Uint8Array> {
  if (typeof input !== 'string') return input.subarray(0, 16);
  const file = await open(input, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await file.read(head, 0, 16, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** sharp reading from disk or memory; `sequentialRead` lets libvips stream the decode. */
const sharpInput = (input: ImageInput) =>
  sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true });

const tooLarge = (limit: number) =>
  new InvalidImageError(`is larger than ${Math.floor(limit / 1_000_000)} megapixels`);

/**
 * Reads the image's kind (by magic bytes only: names and declared types are ignored) and pixel
 * size from its header, without decoding it. Throws {@link InvalidImageError} for anything that
 * is not a HEIC, JPEG or PNG, or is larger than the pixel limits.
 */
export async function probeImage(input: ImageInput): Promise<ImageProbe> {
  const kind = sniffImageKind(await readHead(input));
  if (!kind) throw new InvalidImageError('is not a JPEG, PNG or HEIC image');
  if (kind === 'heic') {
    const buffer = typeof input === 'string' ? await readFile(input) : input;
    let images: HeicImages | undefined;
    try {
      images = await (await heicDecoder()).all({ buffer });
      const first = images[0];
      if (!first?.width || !first.height) throw new Error('no image');
      return { kind, width: first.width, height: first.height };
    } catch (error) {
      throw new InvalidImageError('could not be read as a HEIC image', { cause: error });
    } finally {
      images?.dispose();
    }
  }
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharpInput(input).metadata());
  } catch (error) {
    throw new InvalidImageError(`could not be read as a ${kind.toUpperCase()} image`, {
      cause: error,
    });
  }
  if (!width || !height)
    throw new InvalidImageError(`could not be read as a ${kind.toUpperCase()} image`);
  if (width * height > MAX_INPUT_PIXELS) throw tooLarge(MAX_INPUT_PIXELS);
  return { kind, width, height };
}

/**
 * Reads what the header and EXIF say (kind by magic bytes, pixel size, rotation, date) without
 * decoding the picture: the cheap check an upload is answered after. Throws
 * {@link InvalidImageError} for anything that is not a HEIC, JPEG or PNG within the pixel
 * limits; bytes broken past the header are found only by {@link renderThumbnails}.
 */
export async function inspectImage(input: ImageInput, probed?: ImageProbe): Promise<ImageInfo> {
  const probe = probed ?? (await probeImage(input));
  const { kind } = probe;
  if (kind === 'heic' && probe.width * probe.height > MAX_HEIC_PIXELS)
    throw tooLarge(MAX_HEIC_PIXELS);
  const exif = await readExif(input);
  const orientation = kind === 'heic' ? 1 : (positiveInt(exif.Orientation) ?? 1);
  // libheif already applies the container's rotation, so no EXIF rotation on top.
  const swap = orientation >= 5 && orientation <= 8;
  const width = swap ? probe.height : probe.width;
  const height = swap ? probe.width : probe.height;
  const exifW = positiveInt(exif.ExifImageWidth);
  const exifH = positiveInt(exif.ExifImageHeight);
  const fromExif = kind !== 'heic' && exifW && exifH;
  return {
    kind,
    mimeType: MIME_TYPES[kind],
    dateTaken: parseExifDate(exif.DateTimeOriginal) ?? parseExifDate(exif.CreateDate),
    visibleWidth: fromExif ? (swap ? exifH : exifW) : width,
    visibleHeight: fromExif ? (swap ? exifW : exifH) : height,
    width,
    height,
    orientation,
    thumbnailSizes: thumbnailSizes(width, height),
  };
}

/**
 * Decodes the image fully (HEIC through the libheif wasm decoder, others through sharp,
 * streaming from disk when given a path) and renders the three thumbnails at the sizes of
 * `info`. Throws {@link InvalidImageError} when the bytes do not decode. Memory grows with the
 * picture: run it through an `ImageQueue`.
 */
export async function renderThumbnails(
  input: ImageInput,
  info: ImageInfo,
): Promise<ThumbnailOutput[]> {
  const { kind } = info;
  try {
    let source: Sharp;
    if (kind === 'heic') {
      const buffer = typeof input === 'string' ? await readFile(input) : input;
      const images = await (await heicDecoder()).all({ buffer });
      let decoded: DecodedImage;
      try {
        const first = images[0];
        if (!first) throw new Error('no image');
        if (first.width * first.height > MAX_HEIC_PIXELS) throw tooLarge(MAX_HEIC_PIXELS);
        decoded = await first.decode();
      } finally {
        images.dispose();
      }
      source = sharp(
        Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength),
        { raw: { width: decoded.width, height: decoded.height, channels: 4 } },
      );
    } else {
      source = sharpInput(input).rotate();
    }
    // One decode per photo: scaled once to the largest size as raw pixels (JPEG shrinks while
    // it decodes), then the three JPEGs encoded from that buffer at once, each resized to
    // exactly the size recorded for it. Cheaper than decoding the previous JPEG for each
    // smaller size (docs/architecture.md, "Storage"; measured in core/src/transfer/README.md).
    const [largest, ...smaller] = [...info.thumbnailSizes].reverse();
    if (!largest) return [];
    const pixels = await source
      .resize({ width: largest.width, height: largest.height, fit: 'fill' })
      // 8 bits a channel, as a JPEG holds them (sharp scales a 16-bit PNG down, not clips it).
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels },
    };
    const encode = async ({ size, width, height }: ThumbnailSize): Promise<ThumbnailOutput> => {
      let image = sharp(pixels.data, raw);
      if (width !== pixels.info.width || height !== pixels.info.height)
        image = image.resize({ width, height, fit: 'fill' });
      const { data, info: out } = await image
        .jpeg({ quality: 80, mozjpeg: false })
        .toBuffer({ resolveWithObject: true });
      return { size, width: out.width, height: out.height, data };
    };
    return (await Promise.all([largest, ...smaller].map(encode))).reverse();
  } catch (error) {
    if (error instanceof InvalidImageError) throw error;
    throw new InvalidImageError(`could not be decoded as a ${kind.toUpperCase()} image`, {
      cause: error,
    });
  }
}

/**
 * Flat grey thumbnails at the recorded sizes, for a picture whose header was fine but whose
 * bytes do not decode (docs/product.md#upload): the photo keeps its place in every grid.
 */
export async function placeholderThumbnails(info: ImageInfo): Promise<ThumbnailOutput[]> {
  return Promise.all(
    info.thumbnailSizes.map(async ({ size, width, height }) => ({
      size,
      width,
      height,
      data: await sharp({
        create: { width, height, channels: 3, background: { r: 200, g: 200, b: 200 } },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    })),
  );
}

/** {@link inspectImage} and {@link renderThumbnails} in one go (seed, the legacy import, tests). */
export async function processImage(
  input: ImageInput,
  probed?: ImageProbe,
): Promise<ProcessedImage> {
  const info = await inspectImage(input, probed);
  return { ...info, thumbnails: await renderThumbnails(input, info) };
}
