import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as library from 'vanilla-cookieconsent';
import { consentChoice, onConsentChange, setConsentChoice } from '../../store/consent';
import { readStoredConsent } from './consent-cookie';
import { loadConsentSettings } from './consent-settings';
import { resetCookieConsentForTests, startCookieConsent } from './cookie-consent';
import type { ConsentTexts } from './cookie-consent';

const texts: ConsentTexts = {
  title: 'Cookies on this site',
  description: 'We use cookies.',
  policyLink: 'Cookie policy',
  acceptAll: 'Accept all',
  rejectAll: 'Necessary only',
  manage: 'Manage preferences',
  preferencesTitle: 'Cookie preferences',
  save: 'Save preferences',
  close: 'Close',
  necessaryTitle: 'Strictly necessary',
  necessaryDescription: 'Always on.',
  analyticsTitle: 'Analytics',
  analyticsDescription: 'Counting visits.',
  marketingTitle: 'Marketing',
  marketingDescription: 'The chat.',
};

const start = (revision: number) =>
  startCookieConsent({
    settings: { revision, policyUrl: 'https://www.example.com/cookies', categories: [] },
    locale: 'en-GB',
    texts,
    load: async () => library,
  });

function clearCookies() {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

/** A page load: the library forgets its state but the cookie stays. */
function reload() {
  library.reset(false);
  resetCookieConsentForTests();
  document.body.innerHTML = '';
  setConsentChoice(null);
}

describe('cookie consent', () => {
  beforeEach(() => {
    clearCookies();
    reload();
  });
  afterEach(() => {
    reload();
    clearCookies();
  });

  it('asks on a first visit and allows nothing before a choice', async () => {
    await start(1);
    expect(consentChoice()).toBeNull();
    expect(document.getElementById('cc-main')?.textContent).toContain('Accept all');
  });

  it.each([
    [[], '00'],
    [['marketing'], '01'],
    [['analytics'], '10'],
    [['analytics', 'marketing'], '11'],
  ] as const)('stores %j as the code %s and tells the app', async (categories, code) => {
    await start(1);
    library.acceptCategory([...categories]);
    expect(consentChoice()).toEqual({
      analytics: categories.includes('analytics' as never),
      marketing: categories.includes('marketing' as never),
    });
    expect(readStoredConsent()).toEqual({ revision: 1, code });
    // The next page load reads the stored choice without asking.
    reload();
    await start(1);
    expect(readStoredConsent()?.code).toBe(code);
    expect(consentChoice()).toEqual({
      analytics: code[0] === '1',
      marketing: code[1] === '1',
    });
    expect(library.validConsent()).toBe(true);
  });

  it('asks again under a new revision and allows nothing until then', async () => {
    await start(1);
    library.acceptCategory('all');
    expect(consentChoice()).toEqual({ analytics: true, marketing: true });
    reload();
    await start(2);
    expect(library.validConsent()).toBe(false);
    expect(consentChoice()).toBeNull();
  });

  it('withdrawal tells the listeners and clears the category cookies', async () => {
    await start(1);
    library.acceptCategory('all');
    document.cookie = 'support_chat_session=abc; Path=/';
    const heard: unknown[] = [];
    const stop = onConsentChange(() => heard.push(consentChoice()));
    library.acceptCategory(['analytics']);
    stop();
    expect(heard).toEqual([{ analytics: true, marketing: false }]);
    expect(document.cookie).not.toContain('support_chat_session');
    expect(readStoredConsent()?.code).toBe('10');
  });
});

describe('consent settings', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('reads the brand settings from CookieConsentUrl for the host', async () => {
    let asked = '';
    globalThis.fetch = (async (input: URL) => {
      asked = String(input);
      return Response.json({ revision: 3, policyUrl: 'https://x.example/c', categories: [] });
    }) as typeof fetch;
    const settings = await loadConsentSettings({
      url: '/api/storefront/cookie-consent',
      host: 'albelli-nl.localhost',
      storedRevision: null,
    });
    expect(asked).toContain('/api/storefront/cookie-consent?host=albelli-nl.localhost');
    expect(settings.revision).toBe(3);
  });

  it('falls back to the built-in settings, keeping the stored revision, when absent, failing or slow', async () => {
    expect(await loadConsentSettings({ url: undefined, host: 'h', storedRevision: 4 })).toEqual({
      revision: 4,
      categories: ['analytics', 'marketing'],
    });
    globalThis.fetch = (async () => new Response('down', { status: 503 })) as typeof fetch;
    expect((await loadConsentSettings({ url: '/c', host: 'h', storedRevision: 2 })).revision).toBe(
      2,
    );
    globalThis.fetch = ((_input: URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      })) as typeof fetch;
    const slow = await loadConsentSettings({
      url: '/c',
      host: 'h',
      storedRevision: null,
      timeoutMs: 20,
    });
    expect(slow).toEqual({ revision: 0, categories: ['analytics', 'marketing'] });
  });
});
