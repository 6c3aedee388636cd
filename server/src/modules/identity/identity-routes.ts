import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeletedSchema,
  confirmationRequestedSchema,
  confirmationTokenParamsSchema,
  deleteAccountRequestSchema,
  emailChangedSchema,
  emailChangeRequestSchema,
  identityParamsSchema,
} from '@photo/core/api/schemas/identity';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { brandForRequest, findBrandByChannel } from '../../mail/brand-context.ts';
import { revokeOtherTokens } from '../../mail/confirmation-token-repository.ts';
import { confirmToken, requestConfirmation } from '../../mail/confirmations.ts';
import { emailChangeNoticeMail } from '../../mail/email-change-notice.ts';
import { serverTexts } from '../../mail/server-texts.ts';
import { deleteAccount } from './account-deletion.ts';
import { emailInUse, findIdentity, updateEmail } from './identity-repository.ts';

const tags = ['identity'];
const identitySchema = z.object({ id: z.string(), email: z.string(), isBusiness: z.boolean() });
const IDENTITIES = '/identity/v2/identities/:idpType/:idpSub';

/**
 * The identity module (mounted at /api): `GET /api/me/identity`, who the Bearer token belongs to,
 * and the account identity API of docs/product.md#apis below `/api/identity`: account deletion
 * and e-mail change, each a request (a confirmation mail with a single-use link) and a confirm.
 */
export const identityModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me/identity',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: identitySchema },
      },
    },
    async (request) => request.user,
  );

  /** The caller's identity row, when `{idpType}/{idpSub}` are the caller's own; else 403. */
  async function ownIdentity(request: FastifyRequest, params: { idpType: string; idpSub: string }) {
    const identity = await findIdentity(deps.db, request.user.id);
    if (!identity)
      throw new HttpError(401, 'The account no longer exists', 'headers.authorization');
    if (identity.idp_type !== params.idpType)
      throw new HttpError(403, 'This is not your identity', 'params.idpType');
    if (identity.idp_sub !== params.idpSub)
      throw new HttpError(403, 'This is not your identity', 'params.idpSub');
    return identity;
  }

  function brandOf(request: FastifyRequest, channel: string) {
    if (!findBrandByChannel(channel)) throw new HttpError(400, 'Unknown channel', 'body.channel');
    return brandForRequest(request.headers.host, channel, deps.config);
  }

  app.post(
    `${IDENTITIES}/deleteaccount`,
    {
      schema: {
        tags,
        summary: 'Request the deletion of the account: mails a confirmation link',
        security: [{ bearerAuth: [] }],
        params: identityParamsSchema,
        body: deleteAccountRequestSchema,
        response: { 202: confirmationRequestedSchema },
      },
    },
    async (request, reply) => {
      const identity = await ownIdentity(request, request.params);
      const requested = await requestConfirmation(deps, {
        action: 'delete-account',
        userId: identity.id,
        to: identity.email,
        brand: brandOf(request, request.body.channel),
        field: 'params.idpSub',
      });
      return reply.code(202).send(requested);
    },
  );

  app.post(
    `${IDENTITIES}/deleteaccount/:confirmationToken/actions/confirm`,
    {
      schema: {
        tags,
        summary: 'Confirm the deletion with the token from the mail: the account is deleted',
        security: [{ bearerAuth: [] }],
        params: confirmationTokenParamsSchema,
        response: { 200: accountDeletedSchema },
      },
    },
    async (request) => {
      const identity = await ownIdentity(request, request.params);
      await confirmToken(deps, {
        token: request.params.confirmationToken,
        action: 'delete-account',
        userId: identity.id,
      });
      await deleteAccount(deps, identity.id);
      request.log.info({ userId: identity.id }, 'account deleted');
      return { accountDeleted: true as const };
    },
  );

  app.post(
    `${IDENTITIES}/emailchanges`,
    {
      schema: {
        tags,
        summary:
          'Request an e-mail change: mails a confirmation link to the new address and a notice to the current one',
        description: '409 when the address is in use, 429 when requested too often.',
        security: [{ bearerAuth: [] }],
        params: identityParamsSchema,
        body: emailChangeRequestSchema,
        response: { 202: confirmationRequestedSchema },
      },
    },
    async (request, reply) => {
      const identity = await ownIdentity(request, request.params);
      const email = request.body.email.trim().toLowerCase();
      if (email === identity.email)
        throw new HttpError(400, 'This is already your e-mail address', 'body.email');
      const brand = brandOf(request, request.body.channel);
      if (await emailInUse(deps.db, email))
        throw new HttpError(409, 'This e-mail address is already in use', 'body.email');
      const requested = await requestConfirmation(deps, {
        action: 'email-change',
        userId: identity.id,
        to: email,
        brand,
        field: 'params.idpSub',
      });
      // The current address is told too, so a change the owner did not ask for does not go
      // unnoticed (docs/product.md#e-mail-change-notice). After the confirmation mail: a
      // refused request (409, 429) notifies no one.
      await deps.mail.deliver(
        emailChangeNoticeMail(serverTexts(), { brand, to: identity.email, newEmail: email }),
      );
      return reply.code(202).send(requested);
    },
  );

  app.post(
    `${IDENTITIES}/emailchanges/:confirmationToken/actions/confirm`,
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail change with the token from the mail: the new address signs in',
        security: [{ bearerAuth: [] }],
        params: confirmationTokenParamsSchema,
        response: { 200: emailChangedSchema },
      },
    },
    async (request) => {
      const identity = await ownIdentity(request, request.params);
      const { email } = await confirmToken(deps, {
        token: request.params.confirmationToken,
        action: 'email-change',
        userId: identity.id,
      });
      if (!(await updateEmail(deps.db, identity.id, email)))
        throw new HttpError(
          409,
          'This e-mail address is already in use',
          'params.confirmationToken',
        );
      // Earlier requests for other addresses must not switch the address again later.
      await revokeOtherTokens(deps.db, { action: 'email-change', userId: identity.id });
      deps.tokens.invalidateUser(identity.id);
      return { email };
    },
  );
};
