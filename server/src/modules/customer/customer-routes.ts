import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressInputSchema,
  addressListSchema,
  addressSchema,
  MAX_ADDRESSES,
} from '@photo/core/api/schemas/address';
import { customerIntegrationPatchSchema, customerSchema } from '@photo/core/api/schemas/customer';
import type { Customer } from '@photo/core/api/schemas/customer';
import {
  paymentMethodInputSchema,
  paymentMethodResponseSchema,
} from '@photo/core/api/schemas/payment-method';
import {
  personalDetailsSchema,
  personalDetailsShapeSchema,
} from '@photo/core/api/schemas/personal-details';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { brandForHost } from '../../mail/brand-context.ts';
import {
  deleteAddress,
  deletePaymentMethod,
  findCustomerRow,
  findPaymentMethod,
  insertAddress,
  listAddresses,
  savePaymentMethod,
  updateAddress,
  updateCustomer,
} from './customer-repository.ts';
import {
  addressFields,
  paymentMethodRow,
  presentAddress,
  presentCustomer,
  presentPaymentMethod,
} from './customer-presenter.ts';

const tags = ['customer'];
const security = [{ bearerAuth: [] }];
const addressParams = z.object({ id: z.uuid() });

interface ValidationFailure extends Error {
  validation?: Array<{ instancePath?: string; message?: string }>;
  validationContext?: string;
}

/**
 * The form rules' own message, word for word, as the error's `message` (e.g. 'Postal Code must
 * be valid', docs/product.md#validation) and the field it concerns: routes with
 * `attachValidation` call this first, so the settings forms can show the server's answer as is.
 */
function rejectInvalid(request: FastifyRequest): void {
  const error = request.validationError as ValidationFailure | undefined;
  if (!error) return;
  const first = error.validation?.[0];
  const context =
    error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  const path = (first?.instancePath ?? '').split('/').filter(Boolean);
  throw new HttpError(400, first?.message ?? 'Invalid input', [context, ...path].join('.'));
}

/**
 * The customer API of docs/product.md#apis (mounted at /api/customer): the customer record
 * (the user's row: personal details, the business status behind the shell's banner, the FTP
 * integration fields), addresses and the payment method. Every call is the caller's own data.
 */
export const customerModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  async function customerOf(request: FastifyRequest): Promise<Customer> {
    const row = await findCustomerRow(deps.db, request.user.id);
    if (!row) throw new HttpError(404, 'Customer not found', 'headers.authorization');
    return presentCustomer(row);
  }

  app.get(
    '/customers/me',
    {
      schema: {
        tags,
        summary: 'The signed-in customer (404 = no customer record)',
        security,
        response: { 200: customerSchema },
      },
    },
    async (request) => customerOf(request),
  );

  app.put(
    '/customers/me',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Personal details: first and last name, phone number',
        description:
          "The phone number must be valid in the country of the brand host the request came on, or in international format: 'Phone number must be valid'.",
        security,
        body: personalDetailsShapeSchema,
        response: { 200: customerSchema },
      },
    },
    async (request) => {
      rejectInvalid(request);
      const brand = brandForHost(request.headers.host, deps.config);
      const parsed = personalDetailsSchema(brand.country).safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new HttpError(400, issue.message, ['body', ...issue.path.map(String)].join('.'));
      }
      await customerOf(request);
      await updateCustomer(deps.db, request.user.id, {
        first_name: parsed.data.firstName,
        last_name: parsed.data.lastName,
        phone_number: parsed.data.phoneNumber || null,
      });
      return customerOf(request);
    },
  );

  app.patch(
    '/customers/me',
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          'FTP integration (business accounts): callbackUrl (http/https only), callbackFormat',
        security,
        body: customerIntegrationPatchSchema,
        response: { 200: customerSchema },
      },
    },
    async (request) => {
      rejectInvalid(request);
      if (!request.user.isBusiness)
        throw new HttpError(
          403,
          'Only business accounts have an FTP integration',
          'headers.authorization',
        );
      const { callbackUrl, callbackFormat } = request.body;
      await customerOf(request);
      await updateCustomer(deps.db, request.user.id, {
        ...(callbackUrl !== undefined ? { callback_url: callbackUrl } : {}),
        ...(callbackFormat !== undefined ? { callback_format: callbackFormat } : {}),
      });
      return customerOf(request);
    },
  );

  app.get(
    '/customers/me/addresses',
    {
      schema: {
        tags,
        summary: 'The customer’s addresses, the default first',
        security,
        response: { 200: addressListSchema },
      },
    },
    async (request) => ({
      items: (await listAddresses(deps.db, request.user.id)).map(presentAddress),
    }),
  );

  /** Consumers keep normal addresses; business accounts both kinds. */
  function checkType(request: FastifyRequest, type: string): void {
    if (type === 'business' && !request.user.isBusiness)
      throw new HttpError(400, 'Business addresses belong to business accounts', 'body.type');
  }

  app.post(
    '/customers/me/addresses',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Add an address (normal, or business with company name and VAT number)',
        description:
          "Rules of docs/product.md#validation, with their messages: 'Postal Code must be valid' (per country), 'Phone number must be valid', 'Street number must be valid', 'Street name must be valid'.",
        security,
        body: addressInputSchema,
        response: { 201: addressSchema },
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      checkType(request, request.body.type);
      const row = await insertAddress(
        deps.db,
        request.user.id,
        addressFields(request.body),
        request.body.isDefault ?? false,
        MAX_ADDRESSES,
      );
      if (!row)
        throw new HttpError(409, `No more than ${MAX_ADDRESSES} addresses can be saved`, 'body');
      return reply.code(201).send(presentAddress(row));
    },
  );

  app.put(
    '/customers/me/addresses/:id',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Change one of the customer’s addresses (404 for any other id)',
        security,
        params: addressParams,
        body: addressInputSchema,
        response: { 200: addressSchema },
      },
    },
    async (request) => {
      rejectInvalid(request);
      checkType(request, request.body.type);
      const row = await updateAddress(
        deps.db,
        request.user.id,
        request.params.id,
        addressFields(request.body),
        request.body.isDefault,
      );
      if (!row) throw new HttpError(404, 'Address not found', 'params.id');
      return presentAddress(row);
    },
  );

  app.delete(
    '/customers/me/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of the customer’s addresses (404 for any other id)',
        security,
        params: addressParams,
      },
    },
    async (request, reply) => {
      if (!(await deleteAddress(deps.db, request.user.id, request.params.id)))
        throw new HttpError(404, 'Address not found', 'params.id');
      return reply.code(204).send();
    },
  );

  app.get(
    '/customers/me/payment-method',
    {
      schema: {
        tags,
        summary: 'The saved payment method: type, card brand and last four, expiry, holder',
        security,
        response: { 200: paymentMethodResponseSchema },
      },
    },
    async (request) => {
      const row = await findPaymentMethod(deps.db, request.user.id);
      return { paymentMethod: row ? presentPaymentMethod(row) : null };
    },
  );

  app.put(
    '/customers/me/payment-method',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Replace the payment method (card, PayPal or SEPA direct debit)',
        description:
          'A card number or IBAN is checked and reduced to brand + last four and a token: it is never stored or returned.',
        security,
        body: paymentMethodInputSchema,
        response: { 200: paymentMethodResponseSchema },
      },
    },
    async (request) => {
      rejectInvalid(request);
      const row = paymentMethodRow(request.user.id, request.body);
      await savePaymentMethod(deps.db, row);
      return { paymentMethod: presentPaymentMethod(row) };
    },
  );

  app.delete(
    '/customers/me/payment-method',
    {
      schema: { tags, summary: 'Remove the saved payment method', security },
    },
    async (request, reply) => {
      if (!(await deletePaymentMethod(deps.db, request.user.id)))
        throw new HttpError(404, 'No payment method saved', 'url');
      return reply.code(204).send();
    },
  );
};
