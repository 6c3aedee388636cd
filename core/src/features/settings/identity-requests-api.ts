import { baseApi } from '../../api/base-api';
import type { ApiError, ApiRequest, ThunkExtra } from '../../api/base-api';
import { parseResponse } from '../../api/checked-response';
import { confirmationRequestedSchema } from '../../api/schemas/identity';
import type { ConfirmationRequested } from '../../api/schemas/identity';

const notSignedIn: ApiError = { status: 401, message: 'Not signed in', correlationId: '' };

/**
 * The request side of account deletion and e-mail change on the identity API
 * (docs/product.md#apis Account identity): each mails a single-use confirmation link; the
 * confirmations feature sends the confirm call when the link is opened.
 */
export const identityRequestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST {IdentityApiUrl}/v2/identities/{idpType}/{idpSub}/deleteaccount with the channel. */
    requestAccountDeletion: build.mutation<ConfirmationRequested, { channel: string }>({
      queryFn: (body, api, _extra, baseQuery) =>
        identityCall(api.extra as ThunkExtra, baseQuery, 'deleteaccount', body),
    }),
    /**
     * POST {IdentityApiUrl}/v2/identities/{idpType}/{idpSub}/emailchanges with the new address and
     * the channel: the link goes to the new address. 409: in use; 429: too many requests.
     */
    requestEmailChange: build.mutation<ConfirmationRequested, { email: string; channel: string }>({
      queryFn: (body, api, _extra, baseQuery) =>
        identityCall(api.extra as ThunkExtra, baseQuery, 'emailchanges', body),
    }),
  }),
});

type BaseQuery = (
  args: ApiRequest,
) => PromiseLike<{ data?: unknown; error?: unknown }> | { data?: unknown; error?: unknown };

/** The caller's own identity comes from the ID token's `idp_type` / `idp_sub` claims. */
async function identityCall(
  extra: ThunkExtra,
  baseQuery: BaseQuery,
  action: 'deleteaccount' | 'emailchanges',
  body: unknown,
): Promise<{ data: ConfirmationRequested } | { error: ApiError }> {
  const claims = await extra.platform.auth.getIdTokenClaims();
  if (!claims) return { error: notSignedIn };
  const result = await baseQuery({
    api: 'identity',
    method: 'POST',
    url: `/v2/identities/${encodeURIComponent(claims.idp_type)}/${encodeURIComponent(claims.idp_sub)}/${action}`,
    body,
  });
  if (result.error) return { error: result.error as ApiError };
  return parseResponse(confirmationRequestedSchema, result.data);
}

export const { useRequestAccountDeletionMutation, useRequestEmailChangeMutation } =
  identityRequestsApi;
