import { z } from 'zod/mini';
import { noControlCharacters } from './unsafe-characters';
import { addressFieldMessages, addressMessages, isValidPhone } from './address';

/**
 * PUT /customers/me: the personal details form (/settings/personal-details). Its own file so
 * the customer record's schema, which the shell loads on every page, does not pull in the
 * phone-number metadata.
 */
const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, addressFieldMessages.required),
    z.maxLength(50, addressFieldMessages.tooLong),
    z.regex(/^[^<>;"{}\\]*$/, addressFieldMessages.required),
    noControlCharacters(),
  );

/** The shape of the body, without the country-dependent phone rule (route docs, forms' types). */
export const personalDetailsShapeSchema = z.object({
  firstName: name,
  lastName: name,
  /** Empty or null clears it. */
  phoneNumber: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(30, addressMessages.phoneNumber))),
  ),
});
export type PersonalDetailsInput = z.infer<typeof personalDetailsShapeSchema>;

/**
 * The personal details with the phone rule of the brand's country (`country` of the brand
 * table, e.g. `NL`): a national number of that country or any number in international format.
 */
export function personalDetailsSchema(country: string | undefined) {
  return personalDetailsShapeSchema.check(
    z.refine((details) => !details.phoneNumber || isValidPhone(country, details.phoneNumber), {
      message: addressMessages.phoneNumber,
      path: ['phoneNumber'],
    }),
  );
}
