import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import enGB from '../../../../locales/en-GB.json';
import type { Photo } from '../../../api/schemas/photo';
import { createI18n } from '../../../i18n/i18n';
import { isDeleteConfirmation } from './delete-dialogs';
import { albumsTabCount } from './photo-library-tabs';
import { PhotoThumbnail, pickThumbnail } from './photo-thumbnail';
import { downloadDisabled, SelectionBar } from './selection-bar';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n({ locale: 'en-GB', resources: { 'en-GB': { translation: enGB } } });
});

function wrap(children: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{children}</MantineProvider>
    </I18nextProvider>,
  );
}

const thumb = (id: '300' | '800' | '1300', width: number, height: number) => ({
  id,
  url: `https://img.test/${id}.jpg`,
  width,
  height,
});
const photo: Photo = {
  imageId: '0b5e3f5a-6f1e-4c9e-9a51-6f7a1d3c2b10',
  uploadId: '1b5e3f5a-6f1e-4c9e-9a51-6f7a1d3c2b10',
  localFileName: 'beach.jpg',
  url: 'https://img.test/beach.jpg',
  untouchedUrl: 'https://img.test/beach-original.jpg',
  thumbnails: [thumb('1300', 1300, 975), thumb('300', 300, 225), thumb('800', 800, 600)],
  created: '2024-01-01T10:00:00.000Z',
};

describe('thumbnails (docs/product.md#messages, docs/product.md#limits)', () => {
  it.each([
    [300, '300'],
    [800, '800'],
    [1300, '1300'],
  ] as const)('size %i picks the %s thumbnail', (size, id) => {
    expect(pickThumbnail(photo, size)?.id).toBe(id);
  });

  it('falls back to the next larger, then the largest thumbnail', () => {
    expect(pickThumbnail({ ...photo, thumbnails: [thumb('800', 800, 600)] }, 300)?.id).toBe('800');
    expect(pickThumbnail({ ...photo, thumbnails: [thumb('300', 300, 225)] }, 800)?.id).toBe('300');
  });

  it('is a lazy <img> with its real width and height, and shows the close icon when it fails', () => {
    wrap(<PhotoThumbnail photo={photo} size={300} />);
    const img = screen.getByRole('img', { name: 'beach.jpg' });
    expect(img).toHaveAttribute('src', 'https://img.test/300.jpg');
    expect(img).toHaveAttribute('width', '300');
    expect(img).toHaveAttribute('height', '225');
    expect(img).toHaveAttribute('loading', 'lazy');
    fireEvent.error(img);
    expect(screen.queryByRole('img', { name: 'beach.jpg' })).toBeNull();
    expect(screen.getByTestId('thumbnail-failed')).toHaveAccessibleName(
      'This photo could not be shown',
    );
  });
});

describe('selection bar (docs/product.md#screens, docs/product.md#validation)', () => {
  it.each([
    [0, true],
    [1, false],
    [100, false],
    [101, true],
  ])('download with %i selected disabled: %s', (count, disabled) => {
    expect(downloadDisabled(count)).toBe(disabled);
  });

  const bar = (count: number, canCopy = true) =>
    wrap(
      <SelectionBar
        count={count}
        canCopy={canCopy}
        downloading={false}
        onDownload={vi.fn()}
        onCopy={vi.fn()}
        onDelete={vi.fn()}
      />,
    );

  it('disables every action with nothing selected', () => {
    bar(0);
    for (const name of ['Download', 'Copy to album', 'Delete'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('above 100 only download is disabled, wrapped for its tooltip', () => {
    bar(101);
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(screen.getByTestId('download-limit')).toContainElement(
      screen.getByRole('button', { name: 'Download' }),
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('offers copy to album only with the album view', () => {
    bar(2, false);
    expect(screen.queryByRole('button', { name: 'Copy to album' })).toBeNull();
  });
});

describe('tabs and delete-all rules', () => {
  it.each([
    [3, 2, true, 5],
    [3, 2, false, 3],
    [0, 0, true, 0],
  ])('albums %i + shared %i (shared view %s) = %i', (own, shared, flag, total) => {
    expect(albumsTabCount(own, shared, flag)).toBe(total);
  });

  it.each([
    ['DELETE', true],
    ['delete', false],
    ['DELETE ', false],
    [' DELETE', false],
    ['', false],
  ])('typing %j confirms: %s', (typed, ok) => {
    expect(isDeleteConfirmation(typed, 'DELETE')).toBe(ok);
  });
});
