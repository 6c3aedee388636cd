/**
 * Native image picking: single files or whole folders (recursively), each file kept only when its
 * first bytes say HEIC, JPEG or PNG (docs/product.md#validation), whatever its extension says.
 * The renderer gets opaque handles, never paths: uploads accept only handles issued here, so a
 * compromised renderer cannot make main read arbitrary files.
 */
import { randomUUID } from 'node:crypto';
import { open, opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PickedImage } from '../../common/ipc-contract';

/** The part of Electron's `dialog.showOpenDialog` this module uses. */
export type ShowOpenDialog = (options: {
  title?: string;
  properties: ('openFile' | 'openDirectory' | 'multiSelections' | 'createDirectory')[];
  filters?: { name: string; extensions: string[] }[];
}) => Promise<{ canceled: boolean; filePaths: string[] }>;

export interface PickedFileEntry {
  path: string;
  name: string;
  type: string;
  size: number;
}

export class UnknownHandleError extends Error {
  override name = 'UnknownHandleError';
}

/** A folder pick stops collecting after this many images (a whole disk is not a photo folder). */
export const MAX_FOLDER_IMAGES = 20_000;

/** ISO-BMFF brands of HEIF images with HEVC coding (`ftyp` major or compatible brand). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);

/** The image type of a file's first bytes: HEIC, JPEG or PNG, else null. */
export function imageTypeOfBytes(head: Uint8Array): string | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, i) => head[i] === byte)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') {
    const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
    const end = Math.min(head.length, boxSize);
    const brands = [ascii(8, 12)];
    // Compatible brands follow the major brand and its minor version.
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'image/heic';
  }
  return null;
}

/** Reads the first bytes of a regular file and says whether it is an image we take. */
export async function imageTypeOfFile(filePath: string): Promise<string | null> {
  let handle;
  try {
    handle = await open(filePath, 'r');
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return imageTypeOfBytes(head.subarray(0, bytesRead));
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

export function createImagePicker(showOpenDialog: ShowOpenDialog) {
  const issued = new Map<string, PickedFileEntry>();

  /** A handle for `filePath` when it is a regular file holding an accepted image. */
  async function admit(filePath: string): Promise<PickedImage | null> {
    const info = await stat(filePath).catch(() => null);
    if (!info?.isFile()) return null;
    const type = await imageTypeOfFile(filePath);
    if (!type) return null;
    const handle = randomUUID();
    const entry = { path: filePath, name: path.basename(filePath), type, size: info.size };
    issued.set(handle, entry);
    return { handle, name: entry.name, type, size: entry.size };
  }

  async function pickImages(): Promise<PickedImage[]> {
    const result = await showOpenDialog({
      properties: ['openFile', 'multiSelections'],
      filters: [{ name: 'Images', extensions: ['heic', 'heif', 'jpg', 'jpeg', 'png'] }],
    });
    if (result.canceled) return [];
    const picked: PickedImage[] = [];
    // Some desktops let the user type any path or switch the filter off: the bytes decide.
    for (const filePath of result.filePaths) {
      const image = await admit(filePath);
      if (image) picked.push(image);
    }
    return picked;
  }

  /**
   * Every image in the chosen folders and their sub-folders, in name order. Symbolic links are
   * not followed (no loops, nothing outside the folders) and hidden entries are skipped.
   */
  async function pickFolder(): Promise<PickedImage[]> {
    const result = await showOpenDialog({ properties: ['openDirectory', 'multiSelections'] });
    if (result.canceled) return [];
    const picked: PickedImage[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = [];
        for await (const entry of await opendir(dir)) entries.push(entry);
      } catch {
        return; // unreadable folder: skip it, keep the rest
      }
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        if (picked.length >= MAX_FOLDER_IMAGES) return;
        if (entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile()) {
          const image = await admit(full);
          if (image) picked.push(image);
        }
      }
    };
    for (const folder of result.filePaths) {
      const info = await stat(folder).catch(() => null);
      if (info?.isDirectory()) await walk(folder);
    }
    return picked;
  }

  /** The file behind a handle this picker issued; throws for anything else. */
  function resolve(handle: string): PickedFileEntry {
    const entry = issued.get(handle);
    if (!entry) throw new UnknownHandleError(`Unknown file handle: ${handle}`);
    return entry;
  }

  /** Forgets handles once their upload is over, so they cannot be replayed. */
  function release(handle: string): void {
    issued.delete(handle);
  }

  return { pickImages, pickFolder, resolve, release };
}

export type ImagePicker = ReturnType<typeof createImagePicker>;
