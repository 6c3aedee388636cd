import type { TFunction } from 'i18next';
import { photoDateText } from './photo-date';

// A t() that shows the key and the date, so the test sees which text and which date were chosen.
const t = ((key: string, options?: { date?: string }) =>
  options?.date ? `${key} ${options.date}` : key) as unknown as TFunction;

describe('the preview’s date line (docs/product.md#screens Photo preview)', () => {
  const photo = {
    created: '2024-05-02T10:00:00.000Z',
    uploadEnd: '2024-05-03T10:00:00.000Z',
    dateTaken: '2023-12-24T10:00:00.000Z',
  };

  it('uploaded order: when it was added (the upload end, else its creation)', () => {
    expect(photoDateText(photo, 'uploadedOrder', 'en-GB', t)).toBe('preview.uploaded 03 May 2024');
    expect(photoDateText({ ...photo, uploadEnd: undefined }, 'uploadedOrder', 'en-GB', t)).toBe(
      'preview.uploaded 02 May 2024',
    );
  });

  it('created order: when it was taken, Unknown Date without one or in 1970', () => {
    expect(photoDateText(photo, 'createdOrder', 'en-GB', t)).toBe('preview.taken 24 Dec 2023');
    expect(photoDateText({ ...photo, dateTaken: undefined }, 'createdOrder', 'en-GB', t)).toBe(
      'preview.unknownDate',
    );
    expect(
      photoDateText(
        { ...photo, dateTaken: '1970-01-01T00:00:00.000Z' },
        'createdOrder',
        'en-GB',
        t,
      ),
    ).toBe('preview.unknownDate');
  });
});
