import type { Generated } from 'kysely';

export type ActivationStatus = 'ACTIVE' | 'NOT_ACTIVE' | 'IMPORTING' | 'DELETING';
export type BusinessStatus = 'Default' | 'New' | 'Blocked';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  idp_type: string;
  idp_sub: string;
  /** `password` for consumers, `b2b` for business accounts. */
  authentication_method: string;
  activation_status: ActivationStatus;
  business_status: BusinessStatus | null;
  callback_url: string | null;
  callback_format: string | null;
  /** Set when the customer record was last changed through the customer API. */
  customer_changed_at: string | null;
  /** Personal details (migration 0012), set through PUT /customers/me. */
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  created_at: Generated<string>;
}

export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface UsersTables {
  users: UsersTable;
  oidc_payloads: OidcPayloadsTable;
}
