import { escapeHtml } from '../http/escape-html.ts';
import type { BrandContext } from './brand-context.ts';
import { buttonColor } from './brand-context.ts';

export interface MailContent {
  /** `<html lang>` of the mail. */
  lang: string;
  brand: BrandContext;
  heading: string;
  paragraphs: string[];
  /** The one thing to click: a button in the HTML part, the bare URL in the text part. */
  action?: { label: string; url: string };
  /** Small print under the button (expiry, "ignore this mail"). */
  notes?: string[];
}

/**
 * A mail's HTML and text parts from plain texts: everything escaped, inline styles only (mail
 * clients drop `<style>`), the button in the brand colour darkened to 4.5:1 for white text.
 * Other modules (widget shares) build their mails with it too.
 */
export function renderMail({ lang, brand, heading, paragraphs, action, notes = [] }: MailContent): {
  html: string;
  text: string;
} {
  const accent = buttonColor(brand.themeColor);
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1a1b1e">${escapeHtml(text)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${accent};color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#495057;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  const small = notes
    .map(
      (note) =>
        `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#495057">${escapeHtml(note)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px">
<p style="margin:0 0 8px;font-size:14px;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:${accent}">${escapeHtml(brand.label || brand.vendor)}</p>
<h1 style="margin:0 0 24px;font-size:22px;line-height:1.3;color:#1a1b1e">${escapeHtml(heading)}</h1>
${paragraphs.map(paragraph).join('\n')}
${button}
${small}
</div>
</body>
</html>`;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...notes,
  ]
    .join('\n')
    .trim();
  return { html, text };
}
