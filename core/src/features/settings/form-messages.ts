import { useTranslation } from 'react-i18next';
import {
  addressFieldMessages,
  addressMessages,
  addressRequiredMessages,
} from '../../api/schemas/address';
import { CALLBACK_URL_MESSAGE } from '../../api/schemas/customer';
import { paymentMethodMessages } from '../../api/schemas/payment-method';

/**
 * The shared schemas (the server checks with the same ones) carry their messages in English,
 * word for word as docs/product.md#validation has them; the forms show the customer's language.
 */
const messageKeys = new Map<string, string>([
  [addressMessages.phoneNumber, 'settings.validation.phoneNumber'],
  [addressMessages.postalCode, 'settings.validation.postalCode'],
  [addressMessages.streetNumber, 'settings.validation.streetNumber'],
  [addressMessages.streetName, 'settings.validation.streetName'],
  [addressRequiredMessages.streetName, 'settings.validation.streetNameRequired'],
  [addressRequiredMessages.streetNumber, 'settings.validation.streetNumberRequired'],
  [addressRequiredMessages.postalCode, 'settings.validation.postalCodeRequired'],
  [addressRequiredMessages.phoneNumber, 'settings.validation.phoneNumberRequired'],
  [addressFieldMessages.required, 'settings.validation.required'],
  [addressFieldMessages.tooLong, 'settings.validation.tooLong'],
  [addressFieldMessages.companyName, 'settings.validation.companyName'],
  [addressFieldMessages.vatNumber, 'settings.validation.vatNumber'],
  [paymentMethodMessages.cardNumber, 'settings.validation.cardNumber'],
  [paymentMethodMessages.expiry, 'settings.validation.expiry'],
  [paymentMethodMessages.holderName, 'settings.validation.holderName'],
  [paymentMethodMessages.iban, 'settings.validation.iban'],
  [CALLBACK_URL_MESSAGE, 'settings.validation.callbackUrl'],
]);

/** The key of a schema message; anything else (zod/mini's "Invalid input" …) reads as invalid. */
export function validationMessageKey(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return messageKeys.get(message) ?? 'settings.validation.invalid';
}

/** `fieldError(errors.x?.message)` → the translated message, or undefined. */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    const key = validationMessageKey(message);
    return key ? t(key) : undefined;
  };
}
