import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { useDispatch, useStore } from 'react-redux';
import type { UseSelector } from 'react-redux';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ClientConfig } from './schemas/config';
import type { Platform } from '../platform/platform';
import { HttpError, NetworkError, createCorrelationId, request } from './request';
import { useTransitionSelector } from './transition-selector';

/** What every thunk and query receives as `extra` (configured in `store/store.ts`). */
export interface ThunkExtra {
  platform: Platform;
  config: ClientConfig;
}

/** Which base URL of `/config.json` a call goes to. */
export type ApiName =
  | 'photo'
  | 'download'
  | 'customer'
  | 'voucher'
  | 'storefront'
  | 'identity'
  | 'emailGateway'
  | 'orders'
  | 'projects'
  | 'invoices'
  | 'products'
  | 'delivery'
  | 'reorder'
  | 'storage'
  | 'widgets'
  | 'merchandise'
  | 'experiments';

export interface ApiRequest {
  api: ApiName;
  /** Path below the API's base URL, starting with `/`. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Query parameters; `undefined` and `null` values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** Calls that need no token (docs/product.md#roles-and-flags anonymous calls). */
  anonymous?: boolean;
}

/** The error state every failed query/mutation keeps (docs/product.md#messages: with its correlation id). */
export interface ApiError {
  status: number | 'NETWORK_ERROR' | 'PARSE_ERROR';
  message: string;
  correlationId: string;
}

export function apiBaseUrl(config: ClientConfig, api: ApiName): string {
  switch (api) {
    case 'photo':
      return config.PhotoManagementShareApiBaseUrl;
    case 'download':
      return config.PhotoManagementDownloadApiUrl;
    case 'customer':
      return config.CustomerApiUrl;
    case 'voucher':
      return config.VoucherApiUrl;
    case 'storefront':
      return config.StorefrontConfigUrl;
    case 'identity':
      return config.IdentityApiUrl;
    case 'emailGateway':
      return config.EmailGatewayUrl;
    case 'orders':
      return config.OrdersApiUrl;
    case 'projects':
      return config.ProjectsApiUrl;
    case 'invoices':
      return config.InvoicesApiUrl;
    case 'products':
      return config.ProductsApiUrl;
    case 'delivery':
      return config.DeliveryApiUrl;
    case 'reorder':
      return config.ReorderApiUrl;
    case 'storage':
      return config.StorageApiUrl;
    case 'widgets':
      return config.WidgetsApiUrl;
    case 'merchandise':
      return config.MerchandiseApiUrl;
    case 'experiments':
      // Optional: without it the app asks nobody and every account sees `control`.
      return config.ExperimentsApiUrl ?? '';
  }
}

export function buildUrl(base: string, path: string, params?: ApiRequest['params']): string {
  const url = new URL(
    base.replace(/\/$/, '') + path,
    globalThis.location?.origin ?? 'http://localhost',
  );
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

const platformBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (args, queryApi) => {
  const { platform, config } = queryApi.extra as ThunkExtra;
  const correlationId = createCorrelationId();
  const url = buildUrl(apiBaseUrl(config, args.api), args.url, args.params);
  const token = args.anonymous ? null : await platform.auth.getAccessToken();
  try {
    const data = await request(url, {
      method: args.method,
      body: args.body,
      token,
      correlationId,
      signal: queryApi.signal,
      prefetched: (args.method ?? 'GET') === 'GET' ? platform.prefetched?.take(url) : undefined,
    });
    return { data };
  } catch (error) {
    if (error instanceof HttpError) {
      // An expired or revoked token: sign in again (spec item "a 401 makes the app sign in again").
      if (error.status === 401 && !args.anonymous) void platform.auth.signIn(currentPath());
      return { error: { status: error.status, message: error.message, correlationId } };
    }
    if (error instanceof NetworkError) {
      return { error: { status: 'NETWORK_ERROR', message: error.message, correlationId } };
    }
    if (error instanceof SyntaxError) {
      return { error: { status: 'PARSE_ERROR', message: error.message, correlationId } };
    }
    throw error;
  }
};

function currentPath(): string | undefined {
  const location = globalThis.location;
  return location ? location.pathname + location.search : undefined;
}

/**
 * RTK Query with its hooks reading the store through `useTransitionSelector`: an answer
 * re-renders its screens in a transition, not synchronously.
 */
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({
    hooks: {
      useDispatch,
      // Its `withTypes` is a typing helper RTK Query never calls.
      useSelector: Object.assign(useTransitionSelector, {
        withTypes: () => useTransitionSelector,
      }) as UseSelector,
      useStore,
    },
  }),
);

/**
 * The one RTK Query api: features add their endpoints with
 * `baseApi.injectEndpoints` in their own `api.ts`. Tag types are listed here so invalidation
 * works across features (an upload invalidates albums, the timeline and the user).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: platformBaseQuery,
  tagTypes: [
    'User',
    'Timeline',
    'MonthPhotos',
    'Photos',
    'Album',
    'Albums',
    'AlbumPhotos',
    'SharedAlbum',
    'SharedAlbums',
    'Trash',
    'Downloads',
    'Activation',
    'Storefront',
    'Identity',
    'Customer',
    'Addresses',
    'PaymentMethod',
  ],
  endpoints: () => ({}),
});
