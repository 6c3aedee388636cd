import { z } from 'zod/mini';

/**
 * The e-mail gateway (`EmailGatewayUrl`, docs/product.md#apis): newsletter subscription with
 * double opt-in. Anonymous: no bearer token.
 */

export const subscriberParamsSchema = z.object({
  subscriberAddress: z.email().check(z.maxLength(254)),
});

export const subscriptionConfirmParamsSchema = z.extend(subscriberParamsSchema, {
  confirmationToken: z.string().check(z.minLength(1), z.maxLength(128)),
});

/** POST /api/v1/Profiles/{subscriberAddress}/subscription: mails the confirmation link. */
export const subscriptionRequestSchema = z.object({
  channel: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

export const subscriptionRequestedSchema = z.object({ expiresAt: z.string() });

/** GET …/subscription/confirm/{confirmationToken}: 200 when confirmed. */
export const subscriptionConfirmedSchema = z.object({
  email: z.email(),
  subscribed: z.literal(true),
});
export type SubscriptionConfirmed = z.infer<typeof subscriptionConfirmedSchema>;
