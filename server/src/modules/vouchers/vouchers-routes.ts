import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { voucherOfferParamsSchema, voucherOfferSchema } from '@photo/core/api/schemas/voucher';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { findVoucherOffer } from './vouchers-repository.ts';

/**
 * The voucher API of docs/product.md#apis (mounted at VoucherApiUrl, /api/voucher): campaign
 * offers by voucher option code, the same for every customer; 404 = voucher not found.
 */
export const vouchersModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v1/campaigns/offers/:voucherOptionCode',
    {
      schema: {
        tags: ['voucher'],
        security: [{ bearerAuth: [] }],
        summary: 'A voucher offer by its option code (404 = voucher not found)',
        params: voucherOfferParamsSchema,
        response: { 200: voucherOfferSchema },
      },
    },
    async (request) => {
      const offer = await findVoucherOffer(deps.db, request.params.voucherOptionCode);
      if (!offer) throw new HttpError(404, 'Voucher not found', 'params.voucherOptionCode');
      return {
        voucherOptionCode: offer.code,
        campaignName: offer.campaign_name,
        title: offer.title,
        description: offer.description,
        discountType: offer.discount_type,
        discountValue: offer.discount_value,
        currency: offer.currency,
        articleTypes: JSON.parse(offer.article_types) as string[],
        channel: offer.channel,
        validFrom: offer.valid_from,
        validUntil: offer.valid_until,
      };
    },
  );
};
