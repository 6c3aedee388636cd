import { z } from 'zod';

/** Business account status (spec §2 business banner, §3 Customer). Consumers have none. */
export const businessStatusSchema = z.enum(['Default', 'New', 'Blocked']);
export type BusinessStatus = z.infer<typeof businessStatusSchema>;

/** GET {CustomerApiUrl}/customers/me (spec §3 Customer (me), §7 Customer API). */
export const customerSchema = z.object({
  id: z.string().min(1),
  email: z.string().email(),
  /** True when the customer record is flagged deleted: the app signs the user out. */
  accountDeleted: z.boolean(),
  status: businessStatusSchema.nullable(),
  /** FTP integration (business accounts, /integration). */
  callbackUrl: z.string().url().nullable(),
  callbackFormat: z.string().nullable(),
  changed: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;
