import { z } from 'zod/mini';

/** The locales with a feedback widget of their own (docs/product.md "Page furniture"). */
export const FEEDBACK_LOCALES = [
  'en-GB',
  'nl-NL',
  'es-ES',
  'fr-FR',
  'nl-BE',
  'de-AT',
  'it-IT',
  'da-DK',
  'pt-PT',
  'nb-NO',
  'sv-SE',
] as const;
export const feedbackLocaleSchema = z.enum(FEEDBACK_LOCALES);
export type FeedbackLocale = z.infer<typeof feedbackLocaleSchema>;

/** What the feedback widget sends: the customer's words, the widget id and the page. */
export const feedbackSubmissionSchema = z.object({
  widgetId: z.string().check(z.minLength(1), z.maxLength(100)),
  locale: feedbackLocaleSchema,
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  page: z.string().check(z.maxLength(500)),
});
export type FeedbackSubmission = z.infer<typeof feedbackSubmissionSchema>;

export const storedFeedbackSchema = z.object({
  id: z.string(),
  widgetId: z.string(),
  locale: feedbackLocaleSchema,
  message: z.string(),
  page: z.string(),
  host: z.string(),
  receivedAt: z.string(),
});
export type StoredFeedback = z.infer<typeof storedFeedbackSchema>;
