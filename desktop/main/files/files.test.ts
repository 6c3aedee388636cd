import { mkdtemp, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pngImage } from '../../testing/test-images';
import {
  createImagePicker,
  imageTypeOfBytes,
  UnknownHandleError,
  type ShowOpenDialog,
} from './image-picker';

let dir: string;
/** A JPEG as far as its first bytes go (SOI + APP0), then filler. */
const photo = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  Buffer.alloc(600 * 1024, 7),
]);
/** The start of a HEIC file: an `ftyp` box with major brand `heic`. */
const heic = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(100),
]);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'photo-files-'));
  await writeFile(path.join(dir, 'beach.JPG'), photo);
  await writeFile(path.join(dir, 'cat.heic'), heic);
  await writeFile(path.join(dir, 'notes.txt'), 'not an image');
  await writeFile(path.join(dir, 'script.png.exe'), 'nope');
  await writeFile(path.join(dir, 'fake.png'), 'a text file named like a photo');
  await writeFile(path.join(dir, 'export'), pngImage(1));
  await mkdir(path.join(dir, 'folder.png'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const dialogReturning = (names: string[], canceled = false) =>
  vi.fn<ShowOpenDialog>(async () => ({ canceled, filePaths: names.map((n) => path.join(dir, n)) }));

describe('image picker', () => {
  it('offers only HEIC/JPEG/PNG and returns opaque handles, not paths', async () => {
    const showOpenDialog = dialogReturning([
      'beach.JPG',
      'cat.heic',
      'notes.txt',
      'script.png.exe',
      'fake.png',
      'export',
      'folder.png',
      'gone.png',
    ]);
    const picker = createImagePicker(showOpenDialog);
    const picked = await picker.pickImages();

    expect(showOpenDialog.mock.calls[0]![0].filters).toEqual([
      { name: 'Images', extensions: ['heic', 'heif', 'jpg', 'jpeg', 'png'] },
    ]);
    // By content: the PNG without an extension is in, the text file named .png is out.
    expect(picked.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'beach.JPG', type: 'image/jpeg', size: photo.length },
      { name: 'cat.heic', type: 'image/heic', size: heic.length },
      { name: 'export', type: 'image/png', size: pngImage(1).length },
    ]);
    for (const image of picked) {
      expect(image.handle).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(image)).not.toContain(dir);
      expect(picker.resolve(image.handle).path.startsWith(dir)).toBe(true);
    }
  });

  it('resolves only handles it issued', async () => {
    const picker = createImagePicker(dialogReturning([], true));
    expect(await picker.pickImages()).toEqual([]);
    expect(() => picker.resolve('/etc/passwd')).toThrow(UnknownHandleError);
    expect(() => picker.resolve('6f1d1c5e-2b1a-4c1e-9a5e-8f3a3a0b1c2d')).toThrow(
      UnknownHandleError,
    );
  });
});

describe('image types by content', () => {
  it.each([
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xdb]), 'image/jpeg'],
    ['PNG', pngImage(2), 'image/png'],
    ['HEIC (major brand)', heic, 'image/heic'],
    [
      'HEIC (mif1 with a heic compatible brand)',
      Buffer.concat([
        Buffer.from([0, 0, 0, 20]),
        Buffer.from('ftypmif1'),
        Buffer.alloc(4),
        Buffer.from('heic'),
      ]),
      'image/heic',
    ],
    [
      'AVIF (HEIF but not HEVC)',
      Buffer.concat([
        Buffer.from([0, 0, 0, 20]),
        Buffer.from('ftypavif'),
        Buffer.alloc(4),
        Buffer.from('mif1'),
      ]),
      null,
    ],
    [
      'MP4',
      Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), Buffer.alloc(8)]),
      null,
    ],
    ['GIF', Buffer.from('GIF89a'), null],
    ['empty', Buffer.alloc(0), null],
  ])('%s', (_label, bytes, type) => {
    expect(imageTypeOfBytes(bytes)).toBe(type);
  });
});

describe('folder picker', () => {
  it('collects every image of the folder and its sub-folders, by content, in name order', async () => {
    const root = path.join(dir, 'Holiday');
    await mkdir(path.join(root, 'day 2', 'raw'), { recursive: true });
    await mkdir(path.join(root, '.thumbnails'));
    await writeFile(path.join(root, 'a.png'), pngImage(3));
    await writeFile(path.join(root, 'readme.txt'), 'hello');
    await writeFile(path.join(root, 'day 2', 'b.jpg'), photo);
    await writeFile(path.join(root, 'day 2', 'raw', 'c.heic'), heic);
    await writeFile(path.join(root, '.thumbnails', 'hidden.png'), pngImage(4));
    await writeFile(path.join(root, '.DS_Store.png'), pngImage(5));
    // A link back up would loop forever if followed; a link out would leave the folder.
    await symlink(root, path.join(root, 'day 2', 'loop'));
    await symlink(path.join(dir, 'export'), path.join(root, 'outside.png'));

    const showOpenDialog = vi.fn<ShowOpenDialog>(async () => ({
      canceled: false,
      filePaths: [root, path.join(dir, 'notes.txt')],
    }));
    const picker = createImagePicker(showOpenDialog);
    const picked = await picker.pickFolder();
    expect(showOpenDialog.mock.calls[0]![0].properties).toEqual([
      'openDirectory',
      'multiSelections',
    ]);
    expect(picked.map((p) => [p.name, p.type])).toEqual([
      ['a.png', 'image/png'],
      ['b.jpg', 'image/jpeg'],
      ['c.heic', 'image/heic'],
    ]);
    expect(picker.resolve(picked[2]!.handle).path).toBe(path.join(root, 'day 2', 'raw', 'c.heic'));
    expect(JSON.stringify(picked)).not.toContain(dir);
  });

  it('returns nothing when the dialog is cancelled', async () => {
    const picker = createImagePicker(
      vi.fn<ShowOpenDialog>(async () => ({ canceled: true, filePaths: [] })),
    );
    expect(await picker.pickFolder()).toEqual([]);
  });
});
