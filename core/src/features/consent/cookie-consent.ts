import { consentCode, setConsentChoice } from '../../store/consent';
import type { ConsentChoice } from '../../store/consent';
import type * as CookieConsentLibrary from 'vanilla-cookieconsent';
import type { ConsentSettings } from './consent-settings';

/** The dialog's texts in the page's language (core/locales, `consent.*`). */
export interface ConsentTexts {
  title: string;
  description: string;
  policyLink: string;
  acceptAll: string;
  rejectAll: string;
  manage: string;
  preferencesTitle: string;
  save: string;
  close: string;
  necessaryTitle: string;
  necessaryDescription: string;
  analyticsTitle: string;
  analyticsDescription: string;
  marketingTitle: string;
  marketingDescription: string;
}

type Library = typeof CookieConsentLibrary;

let library: Library | null = null;
const MODAL_SELECTOR = { consentModal: '#cc-main .cm', preferencesModal: '#cc-main .pm' };

/**
 * Focus onto the first button of the dialog that opened: the library focuses the dialog itself
 * only after its transition, which the page's own start-up can overtake. The library gives focus
 * back to where it was when the dialog closes.
 */
function focusInto(modalName: keyof typeof MODAL_SELECTOR, framesLeft = 120): void {
  const modal = document.querySelector<HTMLElement>(MODAL_SELECTOR[modalName]);
  // The library shows its dialog with a transition; a hidden button takes no focus yet.
  if (modal && getComputedStyle(modal).visibility === 'hidden' && framesLeft > 0) {
    requestAnimationFrame(() => focusInto(modalName, framesLeft - 1));
    return;
  }
  modal?.querySelector('button')?.focus();
  // The page gets room below its end, so nothing of it has to stay under the bar.
  if (modalName === 'consentModal' && modal)
    document.body.style.paddingBottom = `${modal.offsetHeight}px`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Cookies each category leaves behind, removed when it is withdrawn (the library's autoClear). */
const AUTO_CLEAR = {
  analytics: [{ name: /^_ga/ }, { name: '_gid' }, { name: /^feedback_/ }],
  marketing: [{ name: /^support_chat/ }, { name: /^_fbp/ }],
};

function choiceFrom(lib: Library): ConsentChoice {
  return {
    analytics: lib.acceptedCategory('analytics'),
    marketing: lib.acceptedCategory('marketing'),
  };
}

/** Stores the product's result code in the library's cookie and tells the app. */
function publish(lib: Library): void {
  const choice = choiceFrom(lib);
  lib.setCookieData({ value: { code: consentCode(choice) }, mode: 'overwrite' });
  setConsentChoice(choice);
}

/**
 * Runs vanilla-cookieconsent (loaded here, after the first paint) with the brand's settings
 * (docs/product.md "Page furniture"): necessary always, analytics and marketing by choice. A
 * choice made under another revision is invalid, so the dialog asks again; until a choice stands
 * the app's choice stays null and nothing outside "necessary" runs.
 */
export async function startCookieConsent(options: {
  settings: ConsentSettings;
  locale: string;
  texts: ConsentTexts;
  load?: () => Promise<Library>;
}): Promise<void> {
  const lib = await (options.load ?? (() => import('vanilla-cookieconsent')))();
  library = lib;
  const { texts, settings } = options;
  const policy = settings.policyUrl
    ? ` <a href="${escapeHtml(settings.policyUrl)}">${escapeHtml(texts.policyLink)}</a>`
    : '';
  setConsentChoice(null);
  await lib.run({
    revision: settings.revision,
    // The dialog shows in automated browsers too: our own tests choose like a customer.
    hideFromBots: false,
    disablePageInteraction: false,
    cookie: { name: 'cc_cookie', expiresAfterDays: 182, sameSite: 'Lax' },
    guiOptions: {
      // A bar at the bottom: on a 320 px phone it leaves the page's header and its first
      // actions uncovered, and the page scrolls above it.
      consentModal: { layout: 'bar inline', position: 'bottom', equalWeightButtons: true },
      preferencesModal: { layout: 'box', equalWeightButtons: true },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: { autoClear: { cookies: AUTO_CLEAR.analytics } },
      marketing: { autoClear: { cookies: AUTO_CLEAR.marketing } },
    },
    language: {
      default: options.locale,
      translations: {
        [options.locale]: {
          consentModal: {
            title: escapeHtml(texts.title),
            description: escapeHtml(texts.description) + policy,
            acceptAllBtn: escapeHtml(texts.acceptAll),
            acceptNecessaryBtn: escapeHtml(texts.rejectAll),
            showPreferencesBtn: escapeHtml(texts.manage),
          },
          preferencesModal: {
            title: escapeHtml(texts.preferencesTitle),
            acceptAllBtn: escapeHtml(texts.acceptAll),
            acceptNecessaryBtn: escapeHtml(texts.rejectAll),
            savePreferencesBtn: escapeHtml(texts.save),
            closeIconLabel: escapeHtml(texts.close),
            sections: [
              {
                title: escapeHtml(texts.necessaryTitle),
                description: escapeHtml(texts.necessaryDescription),
                linkedCategory: 'necessary',
              },
              {
                title: escapeHtml(texts.analyticsTitle),
                description: escapeHtml(texts.analyticsDescription),
                linkedCategory: 'analytics',
              },
              {
                title: escapeHtml(texts.marketingTitle),
                description: escapeHtml(texts.marketingDescription) + policy,
                linkedCategory: 'marketing',
              },
            ],
          },
        },
      },
    },
    onModalShow: ({ modalName }) => setTimeout(() => focusInto(modalName), 0),
    onModalHide: ({ modalName }) => {
      if (modalName === 'consentModal') document.body.style.paddingBottom = '';
    },
    onConsent: () => publish(lib),
    onChange: () => publish(lib),
  });
}

/** Opens the preferences (footer link, settings): the choice can be changed at any time. */
export function showConsentPreferences(): boolean {
  if (!library) return false;
  library.showPreferences();
  return true;
}

/** For tests: forget the library between runs (its cookie stays, as across page loads). */
export function resetCookieConsentForTests(): void {
  library = null;
}
