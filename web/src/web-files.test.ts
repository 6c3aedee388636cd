import {
  acceptedImages,
  createWebDownloads,
  createWebFiles,
  isHttpUrl,
  openExternal,
} from './web-files';

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('acceptedImages (docs/product.md#validation: HEIC, JPEG, PNG only)', () => {
  it('keeps the three image types and drops the rest', () => {
    const picked = acceptedImages([
      file('a.jpg', 'image/jpeg'),
      file('b.png', 'image/png'),
      file('c.heic', 'image/heic'),
      file('d.gif', 'image/gif'),
      file('e.pdf', 'application/pdf'),
    ]);
    expect(picked.map((item) => item.name)).toEqual(['a.jpg', 'b.png', 'c.heic']);
    expect(picked[0]?.file).toBeInstanceOf(File);
  });

  it('recognises a HEIC file the system gave no type', () => {
    expect(acceptedImages([file('IMG_1.HEIC', ''), file('notes.txt', '')])).toMatchObject([
      { name: 'IMG_1.HEIC', type: 'image/heic' },
    ]);
  });
});

describe('createWebFiles().pickImages', () => {
  it('opens a hidden multi-file input with the accepted types and resolves with the filtered choice', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (
      this: HTMLInputElement,
    ) {
      Object.defineProperty(this, 'files', {
        value: [file('a.jpg', 'image/jpeg'), file('b.gif', 'image/gif')],
      });
      this.dispatchEvent(new Event('change'));
    });
    const picked = await createWebFiles(document).pickImages();
    expect(click).toHaveBeenCalled();
    const input = click.mock.contexts[0] as HTMLInputElement;
    expect(input.accept).toBe('image/heic,image/jpeg,image/png,.heic,.heif');
    expect(input.multiple).toBe(true);
    expect(input.hidden).toBe(true);
    expect(input.isConnected).toBe(false);
    expect(picked.map((item) => item.name)).toEqual(['a.jpg']);
  });

  it('resolves with nothing when the user cancels', async () => {
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (
      this: HTMLInputElement,
    ) {
      this.dispatchEvent(new Event('cancel'));
    });
    await expect(createWebFiles(document).pickImages()).resolves.toEqual([]);
  });
});

describe('createWebDownloads().saveArchive', () => {
  it('clicks an anchor with the download attribute and removes it', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await createWebDownloads(document).saveArchive('https://files.test/a.zip?sig=1', 'photos.zip');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.href).toBe('https://files.test/a.zip?sig=1');
    expect(anchor.download).toBe('photos.zip');
    expect(anchor.isConnected).toBe(false);
  });

  it('saves other files (a photo, a PDF) the same way, under their own name', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await createWebDownloads(document).saveFile('https://files.test/IMG_1.JPG?sig=1', 'IMG_1.JPG');
    const anchor = click.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(anchor.href).toBe('https://files.test/IMG_1.JPG?sig=1');
    expect(anchor.download).toBe('IMG_1.JPG');
  });
});

describe('openExternal', () => {
  it('opens http(s) URLs in a new tab without an opener', () => {
    const win = { open: vi.fn() };
    openExternal('https://www.albelli.nl/help', win);
    expect(win.open).toHaveBeenCalledWith(
      'https://www.albelli.nl/help',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'not a url', 'data:text/html,hi'])(
    'refuses %s',
    (url) => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const win = { open: vi.fn() };
      openExternal(url, win);
      expect(win.open).not.toHaveBeenCalled();
      expect(isHttpUrl(url)).toBe(false);
    },
  );
});

afterEach(() => vi.restoreAllMocks());
