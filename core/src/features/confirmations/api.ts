import { baseApi } from '../../api/base-api';
import type { ApiError, ThunkExtra } from '../../api/base-api';
import { checked, parseResponse } from '../../api/checked-response';
import { subscriptionConfirmedSchema } from '../../api/schemas/email-subscription';
import type { SubscriptionConfirmed } from '../../api/schemas/email-subscription';
import { accountDeletedSchema, emailChangedSchema } from '../../api/schemas/identity';

/** The two account actions a mailed link confirms (docs/product.md#apis Account identity). */
export type IdentityAction = 'deleteaccount' | 'emailchanges';

const notSignedIn: ApiError = { status: 401, message: 'Not signed in', correlationId: '' };

/** The calls behind the links in confirmation mails: the identity API and the e-mail gateway. */
export const confirmationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET {EmailGatewayUrl}/api/v1/Profiles/{email}/subscription/confirm/{token}: the newsletter's
     * double opt-in (docs/product.md#apis). Anonymous: the link is opened signed out too.
     */
    confirmSubscription: build.mutation<SubscriptionConfirmed, { email: string; token: string }>({
      query: ({ email, token }) => ({
        api: 'emailGateway',
        url: `/api/v1/Profiles/${encodeURIComponent(email)}/subscription/confirm/${encodeURIComponent(token)}`,
        anonymous: true,
      }),
      ...checked(subscriptionConfirmedSchema),
    }),
    /**
     * POST {IdentityApiUrl}/v2/identities/{idpType}/{idpSub}/{action}/{token}/actions/confirm:
     * the signed-in user's own identity, from the ID token's claims (docs/product.md#apis).
     */
    confirmIdentityAction: build.mutation<unknown, { action: IdentityAction; token: string }>({
      async queryFn({ action, token }, api, _extra, baseQuery) {
        const claims = await (api.extra as ThunkExtra).platform.auth.getIdTokenClaims();
        if (!claims) return { error: notSignedIn };
        const result = await baseQuery({
          api: 'identity',
          method: 'POST',
          url: `/v2/identities/${encodeURIComponent(claims.idp_type)}/${encodeURIComponent(claims.idp_sub)}/${action}/${encodeURIComponent(token)}/actions/confirm`,
        });
        if (result.error) return { error: result.error as ApiError };
        const schema = action === 'deleteaccount' ? accountDeletedSchema : emailChangedSchema;
        return parseResponse<unknown>(schema, result.data);
      },
    }),
  }),
});

export const { useConfirmSubscriptionMutation, useConfirmIdentityActionMutation } =
  confirmationsApi;
