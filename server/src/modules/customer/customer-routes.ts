import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerSchema } from '@photo/core/api/schemas/customer';
import type { Customer } from '@photo/core/api/schemas/customer';
import type { AppDeps } from '../../app-deps.ts';
import { isBusinessMethod } from '../../auth/users.ts';
import { HttpError } from '../../http/http-error.ts';
import { findCustomerRow } from './customer-repository.ts';
import type { CustomerRow } from './customer-repository.ts';

const tags = ['customer'];

function presentCustomer(row: CustomerRow): Customer {
  const isBusiness = isBusinessMethod(row.authentication_method);
  return {
    id: row.id,
    email: row.email,
    accountDeleted: row.activation_status === 'DELETING',
    status: isBusiness ? (row.business_status ?? 'Default') : null,
    callbackUrl: row.callback_url,
    callbackFormat: row.callback_format,
    changed: row.customer_changed_at !== null,
  };
}

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
      const row = await findCustomerRow(deps.db, request.user.id);
      if (!row) throw new HttpError(404, 'Customer not found', 'headers.authorization');
      return presentCustomer(row);
    },
  );
};
