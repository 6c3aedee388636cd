import type { ClientConfig, FeedbackWidget } from '@photo/core/api/schemas/config';
import { FEEDBACK_LOCALES } from '@photo/core/api/schemas/support-widgets';

/** Where the reference server serves the widget scripts (modules/support-widgets). */
export const SUPPORT_WIDGETS_PATH = '/api/support-widgets';

/**
 * The chat and feedback widgets of `/config.json` (docs/product.md "Page furniture"): one chat
 * script, and one feedback script per locale with its ids for wide screens and for phones.
 */
export const referenceSupportWidgets = {
  ChatWidgetUrl: `${SUPPORT_WIDGETS_PATH}/chat.js`,
  FeedbackWidgets: Object.fromEntries(
    FEEDBACK_LOCALES.map((locale): [string, FeedbackWidget] => [
      locale,
      {
        ScriptUrl: `${SUPPORT_WIDGETS_PATH}/feedback/${locale}.js`,
        Id: `feedback-${locale.toLowerCase()}`,
        MobileId: `feedback-${locale.toLowerCase()}-mobile`,
      },
    ]),
  ),
} satisfies Partial<ClientConfig>;
