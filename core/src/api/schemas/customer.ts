import { z } from 'zod/mini';

/** Business account status (docs/product.md#screens business banner, docs/product.md#data Customer). Consumers have none. */
export const businessStatusSchema = z.enum(['Default', 'New', 'Blocked']);
export type BusinessStatus = z.infer<typeof businessStatusSchema>;

/** GET {CustomerApiUrl}/customers/me (docs/product.md#data Customer (me), docs/product.md#apis Customer API). */
export const customerSchema = z.object({
  id: z.string().check(z.minLength(1)),
  email: z.email(),
  /** True when the customer record is flagged deleted: the app signs the user out. */
  accountDeleted: z.boolean(),
  status: z.nullable(businessStatusSchema),
  /** FTP integration (business accounts, /integration). */
  callbackUrl: z.nullable(z.url()),
  callbackFormat: z.nullable(z.string()),
  changed: z.boolean(),
  /** Personal details (PUT /customers/me); absent from older servers. */
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  phoneNumber: z.optional(z.nullable(z.string())),
});
export type Customer = z.infer<typeof customerSchema>;

/** docs/product.md#validation: only http or https URLs count as valid links. */
export const CALLBACK_URL_MESSAGE = 'Callback URL must be an http or https URL';

/** The FTP integration's callback (business accounts, /integration): http(s) only. */
export const callbackUrlSchema = z
  .url({ protocol: /^https?$/, error: CALLBACK_URL_MESSAGE })
  .check(z.maxLength(2048, CALLBACK_URL_MESSAGE));

/** Formats the callback can be sent in. */
export const callbackFormats = ['json', 'xml'] as const;

/** PATCH /customers/me: the FTP integration fields; absent fields stay, null clears. */
export const customerIntegrationPatchSchema = z.object({
  callbackUrl: z.optional(z.nullable(callbackUrlSchema)),
  callbackFormat: z.optional(z.nullable(z.enum(callbackFormats))),
});
export type CustomerIntegrationPatch = z.infer<typeof customerIntegrationPatchSchema>;
