import { createI18n } from './i18n';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('createI18n loads /locales/{locale}.json', () => {
  it('reads the locale file of the brand', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ photos: { title: 'Mijn foto’s' } }));
    vi.stubGlobal('fetch', fetchMock);
    const i18n = await createI18n({ locale: 'nl-NL', maxRetries: 0 });
    expect(fetchMock).toHaveBeenCalledWith('/locales/nl-NL.json', expect.anything());
    expect(i18n.t('photos.title')).toBe('Mijn foto’s');
  });

  it('asks again after a server error or a network failure', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ error: 'busy' }, 503))
      .mockResolvedValue(jsonResponse({ photos: { title: 'My photos' } }));
    vi.stubGlobal('fetch', fetchMock);
    const i18n = await createI18n({ locale: 'en-GB', maxRetries: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(i18n.t('photos.title')).toBe('My photos');
  });

  it('does not ask again after a 404', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ error: 'missing' }, 404));
    vi.stubGlobal('fetch', fetchMock);
    const i18n = await createI18n({ locale: 'en-GB', maxRetries: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(i18n.t('photos.title')).toBe('photos.title');
  });
});

describe('plural texts', () => {
  it('take the form the language uses for the count, the many form of French too', async () => {
    const { default: frFR } = await import('../../locales/fr-FR.json');
    const i18n = await createI18n({
      locale: 'fr-FR',
      resources: { 'fr-FR': { translation: frFR } },
    });
    expect(i18n.t('albums.photoCount', { count: 0 })).toBe('0 photo');
    expect(i18n.t('albums.photoCount', { count: 1 })).toBe('1 photo');
    expect(i18n.t('albums.photoCount', { count: 3 })).toBe('3 photos');
    // Digit-grouped in the language (a narrow no-break space in French).
    expect(i18n.t('albums.photoCount', { count: 1_000_000 })).toBe('1\u202f000\u202f000 de photos');
    expect(i18n.t('photos.timeline.moreLabel', { count: 1, label: 'mars 2024' })).toBe(
      'Afficher 1 autre photo de mars 2024',
    );
  });
});
