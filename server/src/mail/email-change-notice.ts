import { brandHosts } from '../config/brand-hosts.ts';
import type { BrandContext } from './brand-context.ts';
import { renderMail } from './mail-layout.ts';
import type { OutgoingMail } from './mail-service.ts';
import type { ServerTexts } from './server-texts.ts';

/**
 * The new address as the old one is told it (docs/product.md#e-mail-change-notice): the first
 * character of the local part and the whole domain, `f***@example.com`. Enough for the owner to
 * recognise their own request; whoever reads an old mailbox the owner gave up (a former
 * employer's) does not learn the new address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** The brand's customer-care page: its storefront's ContactUs route (the brand table's). */
export function customerCareUrl(brand: BrandContext): string {
  const row = brandHosts.find((candidate) => candidate.host === brand.host) ?? brandHosts[0]!;
  return row.storefrontRoutes.ContactUs;
}

/**
 * The notice to the current address when an e-mail change is requested, in the brand's
 * language (`mail.emailChangeNotice` of core/locales): a change to (the masked) new address was
 * asked for, it takes effect only once confirmed from there, and if it was not them, a button
 * to customer care.
 */
export function emailChangeNoticeMail(
  texts: ServerTexts,
  { brand, to, newEmail }: { brand: BrandContext; to: string; newEmail: string },
): OutgoingMail {
  const t = texts.for(brand.locale, 'mail');
  const name = brand.label || brand.vendor;
  const values = { brand: name, email: maskEmail(newEmail) };
  const { html, text } = renderMail({
    lang: texts.langOf(brand.locale),
    brand,
    heading: t('emailChangeNotice.heading', values),
    paragraphs: [
      t('greeting'),
      t('emailChangeNotice.intro', values),
      t('emailChangeNotice.effect', values),
      t('emailChangeNotice.notYou', values),
    ],
    action: { label: t('emailChangeNotice.action'), url: customerCareUrl(brand) },
    notes: [t('signature', { brand: name })],
  });
  return { to, fromName: name, subject: t('emailChangeNotice.subject', values), text, html };
}
