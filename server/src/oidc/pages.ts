import { randomBytes } from 'node:crypto';
import { buildPagePolicy } from '@photo/core/api/schemas/security-policy';
import { buttonColor } from '../mail/brand-context.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { serverTexts } from '../mail/server-texts.ts';

export interface PageBrand {
  /** Shown in the heading; empty for the default brand. */
  label: string;
  themeColor: string;
  /** The texts' language (`login` section of core/locales); en-GB when absent or unknown. */
  locale?: string;
}

const DEFAULT_BRAND: PageBrand = { label: '', themeColor: '#0072b9', locale: 'en-GB' };

/** The `login` texts of the brand's locale. */
function textsFor(brand: PageBrand) {
  const texts = serverTexts();
  const locale = brand.locale ?? 'en-GB';
  return { t: texts.for(locale, 'login'), lang: texts.langOf(locale) };
}

export interface RenderedPage {
  html: string;
  /** Send as the Content-Security-Policy header: only our own inline style/script may run. */
  csp: string;
}

/**
 * '{page} | {brand}' as every page of the app has it (docs/product.md#brands); the default
 * brand's empty label adds nothing.
 */
function documentTitle(title: string, brand: PageBrand): string {
  const label = brand.label.trim();
  return label ? `${title} | ${label}` : title;
}

/**
 * The shell of every server-rendered page (login, sign-out, errors): one column that fits a
 * phone and centres on a desktop, system fonts, visible focus, no external resources.
 */
function layout(title: string, body: string, brand: PageBrand, script?: string): RenderedPage {
  const nonce = randomBytes(16).toString('base64');
  const color = /^#[0-9a-fA-F]{6}$/.test(brand.themeColor)
    ? brand.themeColor
    : DEFAULT_BRAND.themeColor;
  // White button text needs 4.5:1 on the button: light brand colours are darkened for it.
  const button = buttonColor(color);
  const { lang } = textsFor(brand);
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${color}">
<meta name="robots" content="noindex">
<title>${escapeHtml(documentTitle(title, brand))}</title>
<style nonce="${nonce}">
:root { --brand: ${color}; --button: ${button}; color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: flex-start; justify-content: center;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; background: #f4f5f7; }
main { width: 100%; max-width: 420px; margin: 0; padding: 32px 20px; background: #fff; }
@media (min-width: 576px) { body { padding-top: 10vh; } main { margin: 0 16px; padding: 40px; border-radius: 12px;
  box-shadow: 0 2px 12px rgba(0, 0, 0, 0.08); } }
h1 { font-size: 1.5rem; line-height: 1.3; margin: 0 0 24px; }
.brand { display: block; font-size: 0.875rem; font-weight: 600; letter-spacing: 0.04em; text-transform: uppercase; color: var(--button); margin-bottom: 4px; }
label { display: block; font-weight: 600; margin: 16px 0 6px; }
input[type="email"], input[type="password"] { width: 100%; padding: 12px; font: inherit; border: 1px solid #868e96; border-radius: 8px; }
input:focus-visible, button:focus-visible { outline: 3px solid var(--button); outline-offset: 2px; }
button { width: 100%; margin-top: 24px; padding: 12px 16px; font: inherit; font-weight: 600; color: #fff;
  background: var(--button); border: 0; border-radius: 8px; cursor: pointer; }
button:hover { filter: brightness(0.92); }
.alert { margin: 0 0 8px; padding: 12px; border-radius: 8px; background: #fff5f5; color: #c92a2a; border: 1px solid #ffc9c9; }
p { margin: 0 0 16px; }
</style>
</head>
<body>
<main>
${body}
</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`;
  // The one policy builder (docs/architecture.md "Security headers"), nonce variant.
  const csp = buildPagePolicy({ nonce, script: Boolean(script), report: true });
  return { html, csp };
}

function heading(text: string, brand: PageBrand): string {
  const label = brand.label ? `<span class="brand">${escapeHtml(brand.label)}</span>` : '';
  return `<h1>${label}${escapeHtml(text)}</h1>`;
}

/** Why the form is shown again: wrong credentials, a locked account or address, or overload. */
export type LoginError =
  { kind: 'invalid' } | { kind: 'locked'; retryAfterSeconds: number } | { kind: 'busy' };

export interface LoginPageInput {
  /** Form target: the interaction URL, bound to the interaction cookie. */
  action: string;
  email?: string;
  error?: LoginError;
  brand?: PageBrand;
}

function loginErrorText(t: ReturnType<typeof textsFor>['t'], error: LoginError): string {
  if (error.kind === 'locked')
    return t('locked', { minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
  if (error.kind === 'busy') return t('busy');
  return t('error');
}

/** The provider's sign-in form in the brand's language, colour and name. */
export function renderLoginPage({
  action,
  email = '',
  error,
  brand = DEFAULT_BRAND,
}: LoginPageInput): RenderedPage {
  const { t } = textsFor(brand);
  const alert = error
    ? `<p class="alert" role="alert" id="login-error">${escapeHtml(loginErrorText(t, error))}</p>`
    : '';
  const describedBy = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const body = `${heading(t('title'), brand)}
<form method="post" action="${escapeHtml(action)}" novalidate>
${alert}
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${describedBy}${error ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t('password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${error ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t('submit'))}</button>
</form>`;
  return layout(t('title'), body, brand);
}

/** The end-session confirmation: submitted automatically, the button is the no-script path. */
export function renderLogoutPage(form: string, brand: PageBrand = DEFAULT_BRAND): RenderedPage {
  const { t } = textsFor(brand);
  const body = `${heading(t('signingOutTitle'), brand)}
<p>${escapeHtml(t('signingOutMessage'))}</p>
${form}
<button id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t('signOut'))}</button>`;
  return layout(t('signOut'), body, brand, "document.getElementById('sign-out').click();");
}

export function renderSignedOutPage(brand: PageBrand = DEFAULT_BRAND): RenderedPage {
  const { t } = textsFor(brand);
  return layout(
    t('signedOutTitle'),
    `${heading(t('signedOutTitle'), brand)}<p>${escapeHtml(t('signedOutMessage'))}</p>`,
    brand,
  );
}

/** "Your sign-in session has expired" in the brand's language. */
export function renderSessionExpiredPage(brand: PageBrand = DEFAULT_BRAND): RenderedPage {
  const { t } = textsFor(brand);
  return renderErrorPage(t('sessionExpiredTitle'), t('sessionExpiredMessage'), brand);
}

/** An error page; `title` defaults to the brand language's "Something went wrong". */
export function renderErrorPage(
  title: string | undefined,
  message: string,
  brand: PageBrand = DEFAULT_BRAND,
): RenderedPage {
  const heading_ = title ?? textsFor(brand).t('errorTitle');
  return layout(
    heading_,
    `${heading(heading_, brand)}<p role="alert">${escapeHtml(message)}</p>`,
    brand,
  );
}
