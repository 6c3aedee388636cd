/**
 * Native image picking. The renderer gets opaque handles, never paths: uploads accept only
 * handles issued here, so a compromised renderer cannot make main read arbitrary files.
 */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { PickedImage } from '../../common/ipc-contract';

/** docs/product.md#validation: upload accepts only image/heic, image/jpeg, image/png. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.heic': 'image/heic',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

/** The part of Electron's `dialog.showOpenDialog` this module uses. */
export type ShowOpenDialog = (options: {
  title?: string;
  properties: ('openFile' | 'multiSelections')[];
  filters: { name: string; extensions: string[] }[];
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

export function imageTypeOf(filePath: string): string | null {
  return IMAGE_TYPES[path.extname(filePath).toLowerCase()] ?? null;
}

export function createImagePicker(showOpenDialog: ShowOpenDialog) {
  const issued = new Map<string, PickedFileEntry>();

  async function pickImages(): Promise<PickedImage[]> {
    const result = await showOpenDialog({
      properties: ['openFile', 'multiSelections'],
      filters: [{ name: 'Images', extensions: ['heic', 'jpg', 'jpeg', 'png'] }],
    });
    if (result.canceled) return [];
    const picked: PickedImage[] = [];
    for (const filePath of result.filePaths) {
      // Some desktops let the user type any path or switch the filter off: check again.
      const type = imageTypeOf(filePath);
      if (!type) continue;
      const info = await stat(filePath).catch(() => null);
      if (!info?.isFile()) continue;
      const handle = randomUUID();
      const entry = { path: filePath, name: path.basename(filePath), type, size: info.size };
      issued.set(handle, entry);
      picked.push({ handle, name: entry.name, type, size: entry.size });
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

  return { pickImages, resolve, release };
}

export type ImagePicker = ReturnType<typeof createImagePicker>;
