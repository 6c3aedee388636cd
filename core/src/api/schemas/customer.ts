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
});
export type Customer = z.infer<typeof customerSchema>;
