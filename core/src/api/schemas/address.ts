import { isValidPhoneNumber } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod/mini';
import { noControlCharacters } from './unsafe-characters';

/**
 * Customer addresses (docs/product.md#apis Customer API) and the address rules of
 * docs/product.md#validation. The server validates with these schemas and the settings forms
 * use the same ones (zodResolver), so both give the same message for the same input.
 */

/** The four address messages of docs/product.md#validation, word for word. */
export const addressMessages = {
  phoneNumber: 'Phone number must be valid',
  postalCode: 'Postal Code must be valid',
  streetNumber: 'Street number must be valid',
  streetName: 'Street name must be valid',
} as const;

/**
 * An empty required field says which field it is; "must be valid" is for a filled but wrong
 * one (docs/product.md#validation).
 */
export const addressRequiredMessages = {
  streetName: 'Street name is required',
  streetNumber: 'House number is required',
  postalCode: 'Postal code is required',
  phoneNumber: 'Phone number is required',
} as const;

/** Trimmed, and not empty: else `message`, and no further check of the field runs. */
export const requiredTrimmed = (message: string) =>
  [z.trim(), z.minLength(1, { error: message, abort: true })] as const;

export const addressFieldMessages = {
  required: 'This field is required',
  tooLong: 'This is too long',
  companyName: 'Company name is required for a business address',
  vatNumber: 'VAT number must be valid',
} as const;

/** The brand countries (docs/product.md#brands); `UK` is accepted as another name for GB. */
export const addressCountries = [
  'NL',
  'BE',
  'GB',
  'FR',
  'ES',
  'PT',
  'IT',
  'DE',
  'AT',
  'DK',
  'NO',
  'SE',
  'IE',
] as const;
export type AddressCountry = (typeof addressCountries)[number];

/** `UK` → `GB`, upper-cased; undefined when it is not one of {@link addressCountries}. */
export function toAddressCountry(value: string): AddressCountry | undefined {
  const code = value.trim().toUpperCase();
  const normalized = code === 'UK' ? 'GB' : code;
  return (addressCountries as readonly string[]).includes(normalized)
    ? (normalized as AddressCountry)
    : undefined;
}

/**
 * Postal code formats, our own small rules (the national formats as the postal services
 * publish them). Spaces and case are tolerated where people type them.
 */
const postalCodePatterns: Record<AddressCountry, RegExp> = {
  // 1234 AB; no leading 0.
  NL: /^[1-9][0-9]{3} ?[A-Z]{2}$/i,
  // 4 digits, 1000-9999.
  BE: /^[1-9][0-9]{3}$/,
  // Outward code + inward code, e.g. SW1A 1AA, M1 1AE, B33 8TH; GIR 0AA.
  GB: /^(?:GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/i,
  // 5 digits; départements 01-98 (Corsica is 20xxx).
  FR: /^(?:0[1-9]|[1-8][0-9]|9[0-8])[0-9]{3}$/,
  // 5 digits; provinces 01-52.
  ES: /^(?:0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}$/,
  // 1234-567.
  PT: /^[1-9][0-9]{3}-[0-9]{3}$/,
  // 5 digits.
  IT: /^[0-9]{5}$/,
  // 5 digits, 01001-99998.
  DE: /^(?!00)[0-9]{5}$/,
  // 4 digits, 1010-9992.
  AT: /^[1-9][0-9]{3}$/,
  // 4 digits, optionally DK- prefixed.
  DK: /^(?:DK-?)?[1-9][0-9]{3}$/i,
  // 4 digits (0001 exists).
  NO: /^[0-9]{4}$/,
  // 123 45.
  SE: /^[1-9][0-9]{2} ?[0-9]{2}$/,
  // Eircode, e.g. D02 X285, A65 F4E2.
  IE: /^[AC-FHKNPRTV-Y][0-9]{2}W? ?[0-9AC-FHKNPRTV-Y]{4}$/i,
};

export function isValidPostalCode(country: string, value: string): boolean {
  const code = toAddressCountry(country);
  return code !== undefined && postalCodePatterns[code].test(value.trim());
}

/**
 * A house number: 1-5 digits not starting with 0, then optionally a letter suffix (12a, 7 B,
 * 3 bis) or an addition after - or / (12-3, 5/2, 8-A1).
 */
const STREET_NUMBER = /^[1-9][0-9]{0,4}(?: ?[A-Za-z]{1,3}|[-/][0-9A-Za-z]{1,4})?$/;

export function isValidStreetNumber(value: string): boolean {
  return STREET_NUMBER.test(value.trim());
}

/**
 * A street name: 2-100 characters with at least two letters (any script), made of letters,
 * digits, spaces and the punctuation street names use (. ' ’ - , / ( ) &). Nothing that could
 * be markup or a script (< > ; " etc.).
 */
const STREET_NAME = /^[\p{L}\p{M}0-9 .'’\-,/()&]{2,100}$/u;

export function isValidStreetName(value: string): boolean {
  const trimmed = value.trim();
  return STREET_NAME.test(trimmed) && (trimmed.match(/\p{L}/gu)?.length ?? 0) >= 2;
}

/** A phone number valid in the country (national format) or in international format (libphonenumber-js). */
export function isValidPhone(country: string | undefined, value: string): boolean {
  const code = country ? toAddressCountry(country) : undefined;
  try {
    return isValidPhoneNumber(value.trim(), code as CountryCode | undefined);
  } catch {
    return false;
  }
}

/** EU VAT number: country prefix and 2-13 letters or digits, spaces and dots ignored. */
export function isValidVatNumber(value: string): boolean {
  return /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value.replace(/[\s.]/g, '').toUpperCase());
}

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

export const addressTypeSchema = z.enum(['normal', 'business']);
export type AddressType = z.infer<typeof addressTypeSchema>;

/** What a form sends to POST/PUT /customers/me/addresses. */
export const addressInputSchema = z
  .object({
    /** `business` addresses belong to business accounts and carry the company name and VAT number. */
    type: addressTypeSchema,
    firstName: text(50),
    lastName: text(50),
    companyName: optionalText(100),
    vatNumber: optionalText(20),
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
    /** ISO 3166 alpha-2 of {@link addressCountries}; `UK` is stored as `GB`. */
    country: z.pipe(
      z.string(),
      z.transform((value, ctx) => {
        const code = toAddressCountry(value);
        if (!code) {
          ctx.issues.push({ code: 'custom', message: 'Country is not supported', input: value });
          return z.NEVER;
        }
        return code;
      }),
    ),
    phoneNumber: z
      .string()
      .check(
        ...requiredTrimmed(addressRequiredMessages.phoneNumber),
        z.maxLength(30, addressMessages.phoneNumber),
      ),
    /** The default delivery address; setting it clears the flag on the others. */
    isDefault: z.optional(z.boolean()),
  })
  .check(
    // Rules that depend on the country or the type; they run even when other fields are
    // wrong, so a form shows every message at once.
    z.superRefine(
      (address, ctx) => {
        const country = typeof address.country === 'string' ? address.country : undefined;
        // Empty fields already say they are required.
        if (
          typeof address.postalCode === 'string' &&
          address.postalCode !== '' &&
          (!country || !isValidPostalCode(country, address.postalCode))
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
          !isValidPhone(country, address.phoneNumber)
        )
          ctx.addIssue({
            code: 'custom',
            message: addressMessages.phoneNumber,
            path: ['phoneNumber'],
            input: address.phoneNumber,
          });
        if (address.type === 'business' && !address.companyName)
          ctx.addIssue({
            code: 'custom',
            message: addressFieldMessages.companyName,
            path: ['companyName'],
            input: address.companyName,
          });
        if (address.vatNumber && !isValidVatNumber(address.vatNumber))
          ctx.addIssue({
            code: 'custom',
            message: addressFieldMessages.vatNumber,
            path: ['vatNumber'],
            input: address.vatNumber,
          });
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
export type AddressInput = z.input<typeof addressInputSchema>;

/** An address as GET /customers/me/addresses returns it. */
export const addressSchema = z.object({
  id: z.string().check(z.minLength(1)),
  type: addressTypeSchema,
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.nullable(z.string()),
  vatNumber: z.nullable(z.string()),
  streetName: z.string(),
  streetNumber: z.string(),
  addressLine2: z.nullable(z.string()),
  postalCode: z.string(),
  city: z.string(),
  country: z.string().check(z.length(2)),
  phoneNumber: z.string(),
  isDefault: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListSchema = z.object({ items: z.array(addressSchema) });
export type AddressList = z.infer<typeof addressListSchema>;

/** Most addresses one customer may keep. */
export const MAX_ADDRESSES = 50;
