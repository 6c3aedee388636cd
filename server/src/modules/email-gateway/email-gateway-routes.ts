import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  subscriberParamsSchema,
  subscriptionConfirmedSchema,
  subscriptionConfirmParamsSchema,
  subscriptionRequestedSchema,
  subscriptionRequestSchema,
} from '@photo/core/api/schemas/email-subscription';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { brandForRequest, findBrandByChannel } from '../../mail/brand-context.ts';
import { confirmToken, requestConfirmation } from '../../mail/confirmations.ts';
import { confirmSubscription, upsertPendingSubscription } from './email-gateway-repository.ts';

const tags = ['email-gateway'];

/**
 * The e-mail gateway of docs/product.md#apis (mounted at /api/email-gateway): newsletter
 * subscriptions with double opt-in. Anonymous on purpose (docs/product.md#roles-and-flags):
 * the subscriber proves the address by clicking the mailed link, and requests per address are
 * rate-limited so the endpoint cannot be used to flood someone's inbox.
 */
export const emailGatewayModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/Profiles/:subscriberAddress/subscription',
    {
      schema: {
        tags,
        summary: 'Subscribe an address: mails the double opt-in link (429 when asked too often)',
        params: subscriberParamsSchema,
        body: subscriptionRequestSchema,
        response: { 202: subscriptionRequestedSchema },
      },
    },
    async (request, reply) => {
      const email = request.params.subscriberAddress.trim().toLowerCase();
      const { channel } = request.body;
      if (!findBrandByChannel(channel)) throw new HttpError(400, 'Unknown channel', 'body.channel');
      const brand = brandForRequest(request.headers.host, channel, deps.config);
      const requested = await requestConfirmation(deps, {
        action: 'subscription',
        userId: null,
        to: email,
        brand,
        field: 'params.subscriberAddress',
      });
      await upsertPendingSubscription(deps.db, email, brand.channel);
      return reply.code(202).send(requested);
    },
  );

  app.get(
    '/api/v1/Profiles/:subscriberAddress/subscription/confirm/:confirmationToken',
    {
      schema: {
        tags,
        summary: 'Confirm a subscription with the token of the mailed link',
        description:
          '404 for an unknown token or a token of another address, 410 when used or expired.',
        params: subscriptionConfirmParamsSchema,
        response: { 200: subscriptionConfirmedSchema },
      },
    },
    async (request) => {
      const email = request.params.subscriberAddress.trim().toLowerCase();
      await confirmToken(deps, {
        token: request.params.confirmationToken,
        action: 'subscription',
        email,
      });
      await confirmSubscription(deps.db, email);
      return { email, subscribed: true as const };
    },
  );
};
