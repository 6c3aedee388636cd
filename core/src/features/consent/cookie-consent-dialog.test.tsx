import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderFeature } from '../../testing/render-feature';
import { markContentShown, resetContentShownForTests } from '../../ui/first-content';
import { CookieConsentDialog, resetConsentDialogForTests } from './cookie-consent-dialog';
import { loadConsentSettings } from './consent-settings';
import { startCookieConsent } from './cookie-consent';

vi.mock('./consent-settings', () => ({ loadConsentSettings: vi.fn(async () => ({})) }));
vi.mock('./cookie-consent', () => ({
  startCookieConsent: vi.fn(async () => undefined),
  showConsentPreferences: vi.fn(),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  document.cookie = 'cc_cookie=; max-age=0; path=/';
  window.history.replaceState(null, '', '/');
  resetContentShownForTests();
  resetConsentDialogForTests();
});

describe('the cookie-consent dialog', () => {
  it("starts only after the window's load event (or the first content), not with the first render", async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    await renderFeature(<CookieConsentDialog />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadConsentSettings).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(startCookieConsent).toHaveBeenCalledTimes(1));
    expect(loadConsentSettings).toHaveBeenCalledTimes(1);
  });

  it('on My photos with a choice stored, waits for the first content, not the load event', async () => {
    document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ revision: 1, data: { code: '11' } }))}; path=/`;
    window.history.replaceState(null, '', '/my-photos');
    await renderFeature(<CookieConsentDialog />);
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadConsentSettings).not.toHaveBeenCalled();
    markContentShown();
    await vi.waitFor(() => expect(loadConsentSettings).toHaveBeenCalledTimes(1));
  });
});
