import { z } from 'zod/mini';

/**
 * The payment method of GET/PUT /customers/me/payment-method (docs/product.md#apis Customer
 * API): what a customer can see and change of it. A card number or IBAN is never stored or
 * returned: the server keeps the brand, the last four digits and an opaque token only.
 */

export const paymentMethodMessages = {
  cardNumber: 'Card number must be valid',
  expiry: 'Expiry date must be in the future',
  holderName: 'Card holder name must be valid',
  iban: 'IBAN must be valid',
} as const;

export const cardBrands = ['visa', 'mastercard', 'amex', 'maestro'] as const;
export type CardBrand = (typeof cardBrands)[number];

/** Digits only: spaces and dashes as people type them removed. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn check every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card scheme from the number's prefix (IIN ranges), or undefined for schemes we do not take. */
export function cardBrandOf(value: string): CardBrand | undefined {
  const digits = cardDigits(value);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6][0-9]|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5018|5020|5038|5893|6304|6759|676[1-3])/.test(digits)) return 'maestro';
  return undefined;
}

export function isValidCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  return passesLuhn(digits) && cardBrandOf(digits) !== undefined;
}

/** ISO 13616 IBAN: country, check digits, then the mod-97 check over the rearranged number. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const value = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Whether month/year (card expiry: valid through the end of that month) is not over at `now`. */
export function isUnexpired(month: number, year: number, now: Date = new Date()): boolean {
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

const holderName = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, paymentMethodMessages.holderName),
    z.maxLength(100, paymentMethodMessages.holderName),
    z.regex(/^[\p{L}\p{M} .'’-]+$/u, paymentMethodMessages.holderName),
  );

export const cardInputSchema = z
  .object({
    type: z.literal('card'),
    /** Sent once over TLS to be tokenised; never stored, logged or returned. */
    cardNumber: z.string().check(z.refine(isValidCardNumber, paymentMethodMessages.cardNumber)),
    expiryMonth: z.int().check(z.minimum(1), z.maximum(12)),
    expiryYear: z.int().check(z.minimum(2000), z.maximum(2100)),
    holderName,
  })
  .check(
    z.refine((card) => isUnexpired(card.expiryMonth, card.expiryYear), {
      message: paymentMethodMessages.expiry,
      path: ['expiryMonth'],
    }),
  );

export const paypalInputSchema = z.object({
  type: z.literal('paypal'),
  email: z.email().check(z.maxLength(254)),
});

export const sepaInputSchema = z.object({
  type: z.literal('sepa'),
  /** Sent once to be tokenised; only its last four characters are kept. */
  iban: z.string().check(z.refine(isValidIban, paymentMethodMessages.iban)),
  holderName,
});

/** PUT /customers/me/payment-method: replaces the customer's payment method. */
export const paymentMethodInputSchema = z.discriminatedUnion('type', [
  cardInputSchema,
  paypalInputSchema,
  sepaInputSchema,
]);
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;

export const paymentMethodTypeSchema = z.enum(['card', 'paypal', 'sepa']);
export type PaymentMethodType = z.infer<typeof paymentMethodTypeSchema>;

/** What the customer sees: never a full number. */
export const paymentMethodSchema = z.object({
  type: paymentMethodTypeSchema,
  cardBrand: z.nullable(z.enum(cardBrands)),
  last4: z.nullable(z.string().check(z.regex(/^[0-9A-Z]{4}$/))),
  expiryMonth: z.nullable(z.int()),
  expiryYear: z.nullable(z.int()),
  holderName: z.nullable(z.string()),
  paypalEmail: z.nullable(z.string()),
  updated: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /customers/me/payment-method: `paymentMethod` is null when none is saved. */
export const paymentMethodResponseSchema = z.object({
  paymentMethod: z.nullable(paymentMethodSchema),
});
export type PaymentMethodResponse = z.infer<typeof paymentMethodResponseSchema>;
