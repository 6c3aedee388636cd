import { z } from 'zod/mini';

/**
 * Error reports, analytics events and the A/B test (docs/product.md, "Page furniture"): the
 * bodies the app sends and the reference server checks.
 */

/** A correlation id as the app makes them (a UUID) or another service's: short and plain. */
export const correlationIdSchema = z.string().check(z.regex(/^[A-Za-z0-9._:-]{1,100}$/));

export const errorReportSchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(2000)),
  action: z.string().check(z.minLength(1), z.maxLength(200)),
  correlationId: z.optional(correlationIdSchema),
  /** The page's path with ids replaced by placeholders. */
  path: z.optional(z.string().check(z.maxLength(500))),
  userAgent: z.optional(z.string().check(z.maxLength(500))),
});
export type ErrorReportBody = z.infer<typeof errorReportSchema>;

/** Analytics counters are named `PhotoManagement.<Event>`. */
export const counterNameSchema = z
  .string()
  .check(z.regex(/^PhotoManagement\.[A-Za-z][A-Za-z0-9]{0,63}$/, 'Not a PhotoManagement counter'));

export const analyticsEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('counter'),
    name: counterNameSchema,
    at: z.iso.datetime(),
  }),
  z.object({
    kind: z.literal('pageview'),
    path: z.string().check(z.minLength(1), z.maxLength(500), z.regex(/^\//, 'Must start with /')),
    at: z.iso.datetime(),
  }),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const ANALYTICS_BATCH_MAX = 50;

export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).check(z.minLength(1), z.maxLength(ANALYTICS_BATCH_MAX)),
  /** The `sample-test` variant the app knew; the reference server records its own assignment. */
  variant: z.optional(z.enum(['control', 'A'])),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** The product's one A/B test and its variants. */
export const SAMPLE_TEST = 'sample-test';
export const sampleTestVariants = ['control', 'A'] as const;
export const experimentVariantSchema = z.enum(sampleTestVariants);
export type ExperimentVariant = z.infer<typeof experimentVariantSchema>;

export const experimentsSchema = z.object({
  experiments: z.object({ 'sample-test': experimentVariantSchema }),
});
export type Experiments = z.infer<typeof experimentsSchema>;
