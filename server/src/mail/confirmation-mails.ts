import type { BrandContext } from './brand-context.ts';
import { renderMail } from './mail-layout.ts';
import type { OutgoingMail } from './mail-service.ts';
import type { ServerTexts } from './server-texts.ts';

export type ConfirmationMailKind = 'deleteAccount' | 'emailChange' | 'subscription';

/** The app routes the links open (docs/product.md#screens), with the token's query parameter. */
const CONFIRMATION_PATHS: Record<ConfirmationMailKind, string> = {
  deleteAccount: '/delete-account-confirmation',
  emailChange: '/change-email-confirmation',
  subscription: '/subscription-confirmation',
};

/** The link of a confirmation mail on the brand's own origin. */
export function confirmationLink(
  kind: ConfirmationMailKind,
  brand: BrandContext,
  token: string,
  email?: string,
): string {
  const url = new URL(CONFIRMATION_PATHS[kind], brand.origin);
  url.searchParams.set('confirmation-token', token);
  if (email !== undefined) url.searchParams.set('email', email);
  return url.toString();
}

/**
 * A confirmation mail in the brand's language (`mail` section of core/locales), from the brand:
 * heading, what the link does, the button, how long it is valid, and "ignore if not you".
 */
export function confirmationMail(
  texts: ServerTexts,
  {
    kind,
    brand,
    to,
    link,
    ttlSeconds,
    email = to,
  }: {
    kind: ConfirmationMailKind;
    brand: BrandContext;
    to: string;
    link: string;
    ttlSeconds: number;
    /** The address the mail is about (the new address of an e-mail change). */
    email?: string;
  },
): OutgoingMail {
  const t = texts.for(brand.locale, 'mail');
  const name = brand.label || brand.vendor;
  const subject = t(`${kind}.subject`, { brand: name });
  const { html, text } = renderMail({
    lang: texts.langOf(brand.locale),
    brand,
    heading: t(`${kind}.heading`, { brand: name }),
    paragraphs: [t('greeting'), t(`${kind}.intro`, { brand: name, email })],
    action: { label: t(`${kind}.action`), url: link },
    notes: [
      t('expires', { hours: Math.max(1, Math.round(ttlSeconds / 3600)) }),
      t('ignore'),
      t('signature', { brand: name }),
    ],
  });
  return { to, fromName: name, subject, text, html };
}
