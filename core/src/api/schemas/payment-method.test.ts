import { describe, expect, it } from 'vitest';
import {
  cardBrandOf,
  isUnexpired,
  isValidCardNumber,
  isValidIban,
  paymentMethodInputSchema,
} from './payment-method';

describe('payment method input', () => {
  it('recognises card schemes and the Luhn check', () => {
    expect(cardBrandOf('4111 1111 1111 1111')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6759649826438453')).toBe('maestro');
    expect(isValidCardNumber('4111-1111-1111-1111')).toBe(true);
    expect(isValidCardNumber('4111 1111 1111 1112')).toBe(false);
    expect(isValidCardNumber('6011111111111117')).toBe(false); // Discover: not taken
  });

  it('checks IBANs with mod 97', () => {
    expect(isValidIban('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('NL91ABNA0417164301')).toBe(false);
  });

  it('refuses an expired card', () => {
    const now = new Date('2026-05-15T00:00:00Z');
    expect(isUnexpired(5, 2026, now)).toBe(true);
    expect(isUnexpired(4, 2026, now)).toBe(false);
    const result = paymentMethodInputSchema.safeParse({
      type: 'card',
      cardNumber: '4111111111111111',
      expiryMonth: 1,
      expiryYear: 2001,
      holderName: 'A. Smit',
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['expiryMonth'],
      message: 'Expiry date must be in the future',
    });
  });

  it('takes cards, PayPal and SEPA, nothing else', () => {
    expect(
      paymentMethodInputSchema.safeParse({ type: 'paypal', email: 'a@example.com' }).success,
    ).toBe(true);
    expect(
      paymentMethodInputSchema.safeParse({
        type: 'sepa',
        iban: 'NL91ABNA0417164300',
        holderName: 'A Smit',
      }).success,
    ).toBe(true);
    expect(paymentMethodInputSchema.safeParse({ type: 'bitcoin' }).success).toBe(false);
  });
});
