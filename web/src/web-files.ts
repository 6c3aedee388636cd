import type { PickedFile, PlatformDownloads, PlatformFiles } from '@photo/core/platform/platform';
import { ACCEPT_ATTRIBUTE, acceptedImageType } from '@photo/core/transfer/accepted-images';

/** The picked files the product accepts (others are dropped, docs/product.md#validation). */
export function acceptedImages(files: Iterable<File>): PickedFile[] {
  const picked: PickedFile[] = [];
  for (const file of files) {
    const type = acceptedImageType(file);
    if (type) picked.push({ name: file.name, type, size: file.size, file });
  }
  return picked;
}

export function createWebFiles(doc: Document = document): PlatformFiles {
  return {
    pickImages() {
      return new Promise<PickedFile[]>((resolve) => {
        const input = doc.createElement('input');
        input.type = 'file';
        input.accept = ACCEPT_ATTRIBUTE;
        input.multiple = true;
        input.hidden = true;
        const finish = (files: PickedFile[]) => {
          input.remove();
          resolve(files);
        };
        input.addEventListener('change', () => finish(acceptedImages(input.files ?? [])), {
          once: true,
        });
        input.addEventListener('cancel', () => finish([]), { once: true });
        doc.body.appendChild(input);
        input.click();
      });
    },
  };
}

export function createWebDownloads(doc: Document = document): PlatformDownloads {
  // The browser streams the file itself, so there is no progress to report.
  const save = async (url: string, fileName: string) => {
    const anchor = doc.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    anchor.style.display = 'none';
    doc.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  };
  return { saveArchive: save, saveFile: save };
}

/** Only http(s) URLs may be opened (docs/product.md#validation: only http or https URLs count as valid links). */
export function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function openExternal(url: string, win: Pick<Window, 'open'> = window): void {
  if (!isHttpUrl(url)) {
    console.warn('Refusing to open a non-http(s) URL');
    return;
  }
  win.open(url, '_blank', 'noopener,noreferrer');
}
