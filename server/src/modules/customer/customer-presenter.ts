import { randomBytes } from 'node:crypto';
import type { Address, AddressInput } from '@photo/core/api/schemas/address';
import type { Customer } from '@photo/core/api/schemas/customer';
import type { PaymentMethod, PaymentMethodInput } from '@photo/core/api/schemas/payment-method';
import { cardBrandOf, cardDigits } from '@photo/core/api/schemas/payment-method';
import { isBusinessMethod } from '../../auth/users.ts';
import type {
  AddressFields,
  AddressRow,
  CustomerRow,
  PaymentMethodRow,
} from './customer-repository.ts';

export function presentCustomer(row: CustomerRow): Customer {
  const isBusiness = isBusinessMethod(row.authentication_method);
  return {
    id: row.id,
    email: row.email,
    accountDeleted: row.activation_status === 'DELETING',
    status: isBusiness ? (row.business_status ?? 'Default') : null,
    callbackUrl: row.callback_url,
    callbackFormat: row.callback_format,
    changed: row.customer_changed_at !== null,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
  };
}

/** A validated address body (zod output: trimmed, country normalised) as table columns. */
export function addressFields(input: AddressInput & { country: string }): AddressFields {
  const business = input.type === 'business';
  return {
    type: input.type,
    first_name: input.firstName,
    last_name: input.lastName,
    // Company and VAT belong to business addresses only.
    company_name: business ? input.companyName || null : null,
    vat_number:
      business && input.vatNumber ? input.vatNumber.replace(/[\s.]/g, '').toUpperCase() : null,
    street_name: input.streetName,
    street_number: input.streetNumber,
    address_line2: input.addressLine2 || null,
    postal_code: input.postalCode.toUpperCase(),
    city: input.city,
    country: input.country,
    phone_number: input.phoneNumber,
  };
}

export function presentAddress(row: AddressRow): Address {
  return {
    id: row.id,
    type: row.type,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    vatNumber: row.vat_number,
    streetName: row.street_name,
    streetNumber: row.street_number,
    addressLine2: row.address_line2,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country,
    phoneNumber: row.phone_number,
    isDefault: row.is_default === 1,
    created: row.created_at,
    updated: row.updated_at,
  };
}

/**
 * What we keep of a payment method: brand, last four and expiry of a card, the PayPal
 * address, the last four of an IBAN, and an opaque token standing in for the payment
 * provider's stored credential. The full card number or IBAN goes nowhere.
 */
export function paymentMethodRow(userId: string, input: PaymentMethodInput): PaymentMethodRow {
  const base = {
    user_id: userId,
    card_brand: null,
    last4: null,
    expiry_month: null,
    expiry_year: null,
    holder_name: null,
    paypal_email: null,
    iban_last4: null,
    token: `pm_${randomBytes(24).toString('base64url')}`,
    updated_at: new Date().toISOString(),
  };
  if (input.type === 'card') {
    const digits = cardDigits(input.cardNumber);
    return {
      ...base,
      type: 'card',
      card_brand: cardBrandOf(digits) ?? null,
      last4: digits.slice(-4),
      expiry_month: input.expiryMonth,
      expiry_year: input.expiryYear,
      holder_name: input.holderName,
    };
  }
  if (input.type === 'paypal')
    return { ...base, type: 'paypal', paypal_email: input.email.toLowerCase() };
  return {
    ...base,
    type: 'sepa',
    iban_last4: input.iban.replace(/\s/g, '').toUpperCase().slice(-4),
    holder_name: input.holderName,
  };
}

export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    type: row.type,
    cardBrand: (row.card_brand as PaymentMethod['cardBrand']) ?? null,
    last4: row.type === 'sepa' ? row.iban_last4 : row.last4,
    expiryMonth: row.expiry_month,
    expiryYear: row.expiry_year,
    holderName: row.holder_name,
    paypalEmail: row.paypal_email,
    updated: row.updated_at,
  };
}
