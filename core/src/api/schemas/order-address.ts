import { z } from 'zod/mini';
import { noControlCharacters } from './unsafe-characters';
import {
  addressFieldMessages,
  addressMessages,
  addressRequiredMessages,
  isValidPhone,
  isValidPostalCode,
  isValidStreetName,
  isValidStreetNumber,
  requiredTrimmed,
  toAddressCountry,
} from './address';
import { deliveryTypeSchema } from './order';

/*
 * The delivery-address change request, apart from `./order`: its rules need the phone-number
 * metadata (libphonenumber-js), which the order lists and the overview must not download.
 */

// Address lines end up on labels, invoices and mails: no control characters (unsafe-characters).
const text = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, addressFieldMessages.required),
      z.maxLength(max, addressFieldMessages.tooLong),
      noControlCharacters(),
    );
const optionalText = (max: number) =>
  z.optional(
    z.nullable(
      z
        .string()
        .check(z.trim(), z.maxLength(max, addressFieldMessages.tooLong), noControlCharacters()),
    ),
  );

/**
 * A new delivery address: the customer address rules of docs/product.md#validation (the same
 * functions and messages as the address forms), postal code and phone checked for the address's
 * country.
 */
export const deliveryAddressInputSchema = z
  .object({
    firstName: text(50),
    lastName: text(50),
    streetName: z
      .string()
      .check(
        ...requiredTrimmed(addressRequiredMessages.streetName),
        z.refine(isValidStreetName, addressMessages.streetName),
      ),
    streetNumber: z
      .string()
      .check(
        ...requiredTrimmed(addressRequiredMessages.streetNumber),
        z.refine(isValidStreetNumber, addressMessages.streetNumber),
      ),
    addressLine2: optionalText(100),
    postalCode: z
      .string()
      .check(
        ...requiredTrimmed(addressRequiredMessages.postalCode),
        z.maxLength(10, addressMessages.postalCode),
      ),
    city: text(60),
    country: z
      .string()
      .check(z.refine((value) => toAddressCountry(value) === value, 'Country is not supported')),
    phoneNumber: z.optional(
      z.nullable(z.string().check(z.trim(), z.maxLength(30, addressMessages.phoneNumber))),
    ),
    pickupPointId: optionalText(40),
    pickupPointName: optionalText(120),
  })
  .check(
    z.superRefine(
      (address, ctx) => {
        if (
          typeof address.postalCode === 'string' &&
          address.postalCode !== '' &&
          !isValidPostalCode(String(address.country), address.postalCode)
        )
          ctx.addIssue({
            code: 'custom',
            message: addressMessages.postalCode,
            path: ['postalCode'],
            input: address.postalCode,
          });
        if (
          typeof address.phoneNumber === 'string' &&
          address.phoneNumber !== '' &&
          !isValidPhone(String(address.country), address.phoneNumber)
        )
          ctx.addIssue({
            code: 'custom',
            message: addressMessages.phoneNumber,
            path: ['phoneNumber'],
            input: address.phoneNumber,
          });
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
export type DeliveryAddressInput = z.input<typeof deliveryAddressInputSchema>;

/**
 * PUT /v1/superorders/{code}/deliveryAddress body. Answers: 200 `updated` (applied at once,
 * before production), 202 `requested` (in production: the retailer applies it later; until
 * then the order has no delivery type), 409 when the order is sent or cancelled.
 */
export const deliveryAddressChangeRequestSchema = z.object({
  deliveryType: deliveryTypeSchema,
  address: deliveryAddressInputSchema,
});
export type DeliveryAddressChangeRequest = z.infer<typeof deliveryAddressChangeRequestSchema>;
