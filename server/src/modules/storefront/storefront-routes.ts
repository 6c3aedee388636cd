import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storefrontConfigSchema } from '@photo/core/api/schemas/config';
import {
  cookieConsentSettingsSchema,
  REFERENCE_CONSENT_REVISION,
} from '@photo/core/api/schemas/consent';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { findBrandHost } from '../../config/brand-hosts.ts';
import { HttpError } from '../../http/http-error.ts';
import { cookiePolicyUrl, storefrontConfigFor } from './storefront-config.ts';

const hostQuery = z.object({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'Must be a host name'),
});

/**
 * The public storefront config service (no token, docs/product.md#apis Config), mounted at
 * `/api/storefront`: `GET /config?host=` → menus and routes of that brand host, and
 * `GET /cookie-consent?host=`. Hosts listed in `STOREFRONT_FAIL_HOSTS` answer 503, so the
 * client's fallback to the default menus and routes can be tested end to end.
 */
export const storefrontModule: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const failing = new Set(deps.config.storefrontFailHosts.map((host) => host.toLowerCase()));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const brandFor = (host: string) => {
    const name = host.toLowerCase().replace(/:\d+$/, '');
    if (failing.has(name))
      throw new HttpError(503, `Storefront config for ${name} is unavailable`, 'query.host');
    const brand = findBrandHost(name);
    if (!brand) throw new HttpError(404, `Unknown brand host "${name}"`, 'query.host');
    return brand;
  };

  routes.get(
    '/config',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Menus and storefront routes of a brand host',
        querystring: hostQuery,
        response: { 200: storefrontConfigSchema },
      },
    },
    async (request, reply) => {
      const brand = brandFor(request.query.host);
      reply.header('Cache-Control', 'public, max-age=300');
      return storefrontConfigFor(brand);
    },
  );

  routes.get(
    '/cookie-consent',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Cookie consent settings of a brand host (CookieConsentUrl of /config.json)',
        querystring: hostQuery,
        response: { 200: cookieConsentSettingsSchema },
      },
    },
    async (request) => {
      const brand = brandFor(request.query.host);
      return {
        revision: REFERENCE_CONSENT_REVISION,
        policyUrl: cookiePolicyUrl(brand),
        categories: ['analytics' as const, 'marketing' as const],
      };
    },
  );
};
