import { brandHostSchema, isMobileAppLink, mobileAppSchema } from '../../api/schemas/config';
import {
  isTouchFirstDevice,
  MOBILE_APP_FALLBACK_MS,
  mobileAppRedirectUrl,
  mobileAppUploadUrl,
  TOUCH_FIRST_QUERY,
  tryMobileApp,
} from './mobile-app-redirect';

const ALBUM_ID = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('tryMobileApp', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => 'visible',
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('falls back once the page is still visible after 2000 ms, not before', async () => {
    const open = vi.fn();
    const outcome = vi.fn();
    void tryMobileApp('photobox://upload?album_id=a', open).then(outcome);
    expect(open).toHaveBeenCalledWith('photobox://upload?album_id=a');
    await vi.advanceTimersByTimeAsync(MOBILE_APP_FALLBACK_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith('fallback');
    expect(MOBILE_APP_FALLBACK_MS).toBe(2000);
  });

  it('counts the page being hidden within 2000 ms as the app opening, and cancels the fallback', async () => {
    const outcome = vi.fn();
    void tryMobileApp('photobox://upload', () => {}).then(outcome);
    await vi.advanceTimersByTimeAsync(1500);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toHaveBeenCalledWith('opened');
    await vi.advanceTimersByTimeAsync(5000);
    expect(outcome).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts pagehide as the app opening', async () => {
    const outcome = vi.fn();
    void tryMobileApp('photobox://upload', () => {}).then(outcome);
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toHaveBeenCalledWith('opened');
  });

  it('ignores the page turning hidden after the fallback', async () => {
    const outcome = vi.fn();
    void tryMobileApp('photobox://upload', () => {}).then(outcome);
    await vi.advanceTimersByTimeAsync(MOBILE_APP_FALLBACK_MS);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toHaveBeenCalledTimes(1);
    expect(outcome).toHaveBeenCalledWith('fallback');
  });

  it('falls back at once when the link cannot be opened', async () => {
    const outcome = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    void tryMobileApp('photobox://upload', () => {
      throw new Error('blocked');
    }).then(outcome);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toHaveBeenCalledWith('fallback');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('mobileAppRedirectUrl', () => {
  const app = { mobileApp: { uploadLink: 'photobox://upload' } };
  const web = { openMobileApp: vi.fn() };

  it('gives the link with album_id on a touch-first device of a brand with an app', () => {
    expect(
      mobileAppRedirectUrl({ platform: web, brand: app, albumId: ALBUM_ID, touchFirst: true }),
    ).toBe(`photobox://upload?album_id=${ALBUM_ID}`);
  });

  it('gives nothing without a link, without an album, off a phone or on the desktop app', () => {
    const base = { platform: web, brand: app, albumId: ALBUM_ID, touchFirst: true };
    expect(mobileAppRedirectUrl({ ...base, brand: {} })).toBeNull();
    expect(mobileAppRedirectUrl({ ...base, albumId: null })).toBeNull();
    expect(mobileAppRedirectUrl({ ...base, touchFirst: false })).toBeNull();
    // The desktop platform has no openMobileApp.
    expect(mobileAppRedirectUrl({ ...base, platform: {} })).toBeNull();
  });
});

describe('mobileAppUploadUrl', () => {
  it('keeps the link’s own query and encodes album_id', () => {
    expect(mobileAppUploadUrl('albelli://upload?source=my-account', ALBUM_ID)).toBe(
      `albelli://upload?source=my-account&album_id=${ALBUM_ID}`,
    );
    const url = new URL(mobileAppUploadUrl('https://app.example.com/u?a=1#x', 'a b&c=d/é'));
    expect(url.searchParams.get('a')).toBe('1');
    expect(url.searchParams.get('album_id')).toBe('a b&c=d/é');
    expect(url.searchParams.getAll('album_id')).toHaveLength(1);
    expect(url.hash).toBe('#x');
  });

  it('replaces an album_id the link already carries', () => {
    expect(mobileAppUploadUrl('photobox://upload?album_id=old', 'new')).toBe(
      'photobox://upload?album_id=new',
    );
  });
});

describe('isTouchFirstDevice', () => {
  it('asks for a coarse primary pointer without hover', () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query === TOUCH_FIRST_QUERY }));
    expect(isTouchFirstDevice({ matchMedia } as unknown as Window)).toBe(true);
    expect(matchMedia).toHaveBeenCalledWith('(pointer: coarse) and (hover: none)');
    const desktop = vi.fn(() => ({ matches: false }));
    expect(isTouchFirstDevice({ matchMedia: desktop } as unknown as Window)).toBe(false);
  });
});

describe('mobile app link in the brand config', () => {
  it('accepts https app links and custom schemes of letters', () => {
    for (const link of [
      'photobox://upload',
      'albelli://upload?source=my-account',
      'https://app.albelli.nl/upload',
    ]) {
      expect(isMobileAppLink(link), link).toBe(true);
      expect(mobileAppSchema.safeParse({ uploadLink: link }).success, link).toBe(true);
    }
  });

  it('refuses script, data, plain web and malformed links', () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'http://app.example.com/upload',
      'file:///etc/passwd',
      'blob:https://example.com/1',
      'about:blank',
      'ws://example.com',
      'my-app://upload',
      'app2://upload',
      'https://',
      'photobox://up\nload',
      'upload',
      '',
      `photobox://${'a'.repeat(2000)}`,
    ]) {
      expect(isMobileAppLink(link), link).toBe(false);
      expect(mobileAppSchema.safeParse({ uploadLink: link }).success, link).toBe(false);
    }
  });

  it('is optional on a brand host row and validated there', () => {
    const mobileApp = brandHostSchema.def.shape.mobileApp;
    expect(mobileApp.safeParse(undefined).success).toBe(true);
    expect(mobileApp.safeParse({ uploadLink: 'javascript:alert(1)' }).success).toBe(false);
  });
});
