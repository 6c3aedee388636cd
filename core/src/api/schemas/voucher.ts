import { z } from 'zod/mini';

export const voucherOptionCodeSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/));

/** GET {VoucherApiUrl}/api/v1/campaigns/offers/{voucherOptionCode} (404 = voucher not found). */
export const voucherOfferSchema = z.object({
  voucherOptionCode: z.string(),
  campaignName: z.string(),
  title: z.string(),
  description: z.string(),
  /** `percentage`: value is a percentage; `amount`: value in minor units of `currency`. */
  discountType: z.enum(['percentage', 'amount']),
  discountValue: z.int().check(z.minimum(0)),
  currency: z.nullable(z.string().check(z.regex(/^[A-Z]{3}$/))),
  /** Article types the voucher applies to. */
  articleTypes: z.array(z.string()),
  channel: z.string(),
  validFrom: z.iso.datetime(),
  validUntil: z.iso.datetime(),
});
export type VoucherOffer = z.infer<typeof voucherOfferSchema>;

export const voucherOfferParamsSchema = z.object({ voucherOptionCode: voucherOptionCodeSchema });
