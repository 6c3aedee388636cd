/**
 * Tables of the mail, identity, e-mail gateway, customer and sign-in-limit parts
 * (migrations 0010–0013). Timestamps are ISO 8601 strings unless named `*_at` and typed number
 * (epoch milliseconds, compared arithmetically by the sign-in limits).
 */

/** One received mail per recipient, written by the development SMTP sink. */
export interface MailboxTable {
  id: string;
  recipient: string;
  sender: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON array of the http(s) links found in the mail. */
  links: string;
  received_at: string;
}

export type ConfirmationAction = 'delete-account' | 'email-change' | 'subscription';

/** A confirmation link's token: only its SHA-256 is stored; single use, expiring. */
export interface ConfirmationTokensTable {
  id: string;
  token_hash: string;
  action: ConfirmationAction;
  /** The account that asked; null for anonymous subscriptions. */
  user_id: string | null;
  /** Where the mail went: the account's address, the new address, or the subscriber. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Failed sign-ins of one key: `account:{email}` or `address:{ip}`. Times in epoch ms. */
export interface LoginFailuresTable {
  key: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
  updated_at: number;
}

export type AddressType = 'normal' | 'business';

export interface CustomerAddressesTable {
  id: string;
  user_id: string;
  type: AddressType;
  first_name: string;
  last_name: string;
  company_name: string | null;
  vat_number: string | null;
  street_name: string;
  street_number: string;
  address_line2: string | null;
  postal_code: string;
  city: string;
  /** ISO 3166 alpha-2. */
  country: string;
  phone_number: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export type PaymentMethodType = 'card' | 'paypal' | 'sepa';

/** At most one per customer. Never a card number or IBAN in full: brand/last four + a token. */
export interface PaymentMethodsTable {
  user_id: string;
  type: PaymentMethodType;
  card_brand: string | null;
  last4: string | null;
  expiry_month: number | null;
  expiry_year: number | null;
  holder_name: string | null;
  paypal_email: string | null;
  iban_last4: string | null;
  /** Opaque reference standing in for the payment provider's stored credential. */
  token: string;
  updated_at: string;
}

export interface EmailSubscriptionsTable {
  email: string;
  channel: string;
  status: 'pending' | 'confirmed';
  requested_at: string;
  confirmed_at: string | null;
}

export interface AccountTables {
  mailbox: MailboxTable;
  confirmation_tokens: ConfirmationTokensTable;
  login_failures: LoginFailuresTable;
  customer_addresses: CustomerAddressesTable;
  payment_methods: PaymentMethodsTable;
  email_subscriptions: EmailSubscriptionsTable;
}
