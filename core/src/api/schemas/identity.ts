import { z } from 'zod/mini';

/**
 * The account identity API (`IdentityApiUrl`, docs/product.md#apis Account identity): account
 * deletion and e-mail change, each requested (a confirmation mail goes out) and then confirmed
 * with the token from the mail's link.
 */

/** Path of every call: the caller's own identity, from the ID token's idp_type / idp_sub claims. */
export const identityParamsSchema = z.object({
  idpType: z.string().check(z.minLength(1), z.maxLength(64)),
  idpSub: z.string().check(z.minLength(1), z.maxLength(128)),
});

export const confirmationTokenParamsSchema = z.extend(identityParamsSchema, {
  /** From the link's `confirmation-token` query parameter. */
  confirmationToken: z.string().check(z.minLength(1), z.maxLength(128)),
});

/** The sales channel of the brand the customer is on (`channel` of the brand table). */
export const channelSchema = z.string().check(z.minLength(1), z.maxLength(64));

/** POST …/deleteaccount */
export const deleteAccountRequestSchema = z.object({ channel: channelSchema });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** POST …/emailchanges. 409 = the address is in use (emailInUse); 429 = too many requests. */
export const emailChangeRequestSchema = z.object({
  email: z.email().check(z.maxLength(254)),
  channel: channelSchema,
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** 202 answer of a request: the mail is on its way; its link works until `expiresAt`. */
export const confirmationRequestedSchema = z.object({ expiresAt: z.string() });
export type ConfirmationRequested = z.infer<typeof confirmationRequestedSchema>;

/** POST …/deleteaccount/{token}/actions/confirm: the account is gone; sign out next. */
export const accountDeletedSchema = z.object({ accountDeleted: z.literal(true) });

/** POST …/emailchanges/{token}/actions/confirm: the new address; sign out next. */
export const emailChangedSchema = z.object({ email: z.email() });
