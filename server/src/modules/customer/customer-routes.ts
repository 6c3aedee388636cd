import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerSchema } from '@photo/core/api/schemas/customer';
import type { Customer } from '@photo/core/api/schemas/customer';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';

const tags = ['customer'];

/**
 * The customer API of docs/product.md#apis (mounted at /api/customer). The customer record is the user's
 * row: the business status drives the shell's banner (docs/product.md#screens).
 */
export const customerModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/customers/me',
    {
      schema: {
        tags,
        summary: 'The signed-in customer (404 = no customer record)',
        security: [{ bearerAuth: [] }],
        response: { 200: customerSchema },
      },
    },
    async (request): Promise<Customer> => {
      const row = await deps.db
        .selectFrom('users')
        .select([
          'id',
          'email',
          'activation_status',
          'business_status',
          'authentication_method',
          'callback_url',
          'callback_format',
          'customer_changed_at',
        ])
        .where('id', '=', request.user.id)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, 'Customer not found', 'headers.authorization');
      const isBusiness = row.authentication_method.toLowerCase() === 'b2b';
      return {
        id: row.id,
        email: row.email,
        accountDeleted: row.activation_status === 'DELETING',
        status: isBusiness ? (row.business_status ?? 'Default') : null,
        callbackUrl: row.callback_url,
        callbackFormat: row.callback_format,
        changed: row.customer_changed_at !== null,
      };
    },
  );
};
