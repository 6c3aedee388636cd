import { fireEvent, screen } from '@testing-library/react';
import { photoFixture } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import { markContentShown, resetContentShownForTests } from '../../../ui/first-content';
import { PhotoThumbnail } from './photo-thumbnail';

afterEach(() => {
  vi.unstubAllGlobals();
  resetContentShownForTests();
});

describe('photo thumbnail (docs/product.md#messages, docs/product.md#limits)', () => {
  it('is a lazy <img> of the wanted size with its real width and height', async () => {
    await renderFeature(<PhotoThumbnail photo={photoFixture(1)} size={800} />);
    const img = screen.getByRole('img', { name: 'photo-1.jpg' });
    expect(img).toHaveAttribute('src', 'https://img.test/1/800.jpg');
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '600');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('loads a first-row thumbnail at once and first while the first paint waits, lazily after', async () => {
    await renderFeature(<PhotoThumbnail photo={photoFixture(1)} size={300} priority />);
    const first = screen.getByRole('img', { name: 'photo-1.jpg' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    markContentShown();
    await renderFeature(<PhotoThumbnail photo={photoFixture(2)} size={300} priority />);
    const later = screen.getByRole('img', { name: 'photo-2.jpg' });
    expect(later).toHaveAttribute('loading', 'lazy');
    expect(later).not.toHaveAttribute('fetchpriority');
  });

  it('shows the close icon when the image fails to load, or when there is none', async () => {
    await renderFeature(
      <>
        <PhotoThumbnail photo={photoFixture(1)} size={300} />
        <PhotoThumbnail photo={photoFixture(2, { thumbnails: [] })} size={300} />
      </>,
    );
    fireEvent.error(screen.getByRole('img', { name: 'photo-1.jpg' }));
    expect(screen.queryByRole('img', { name: 'photo-1.jpg' })).toBeNull();
    expect(screen.getAllByTestId('thumbnail-failed')).toHaveLength(2);
    expect(screen.getAllByTestId('thumbnail-failed')[0]).toHaveAccessibleName(
      'This photo could not be shown',
    );
  });
});
