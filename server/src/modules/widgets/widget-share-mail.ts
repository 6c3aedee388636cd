import type { BrandContext } from '../../mail/brand-context.ts';
import { renderMail } from '../../mail/mail-layout.ts';
import type { OutgoingMail } from '../../mail/mail-service.ts';
import type { ServerTexts } from '../../mail/server-texts.ts';

/**
 * The widget share mail in the brand's language (`mail.widgetShare` of core/locales): who
 * shares what, their personal message, and a button to the product.
 */
export function widgetShareMail(
  texts: ServerTexts,
  share: {
    brand: BrandContext;
    to: string;
    fromName: string;
    title: string;
    personalMessage: string;
    url: string;
  },
): OutgoingMail {
  const { brand } = share;
  const t = texts.for(brand.locale, 'mail');
  const name = brand.label || brand.vendor;
  const values = { name: share.fromName, title: share.title, brand: name };
  const { html, text } = renderMail({
    lang: texts.langOf(brand.locale),
    brand,
    heading: t('widgetShare.heading', values),
    paragraphs: [
      t('greeting'),
      t('widgetShare.intro', values),
      ...(share.personalMessage.trim()
        ? [t('widgetShare.message', { ...values, message: share.personalMessage.trim() })]
        : []),
    ],
    action: { label: t('widgetShare.action'), url: share.url },
    notes: [t('signature', { brand: name })],
  });
  return { to: share.to, subject: t('widgetShare.subject', values), text, html };
}
