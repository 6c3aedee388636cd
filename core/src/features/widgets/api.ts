import { baseApi } from '../../api/base-api';
import { checked, schemaFailure } from '../../api/checked-response';
import {
  blockedOrderSchema,
  encodeRecipient,
  galleryCategoriesResponseSchema,
  galleryEntrySchema,
  WIDGETS_FIRST_PAGE,
  WIDGETS_PAGE_SIZE,
  widgetListResponseSchema,
  widgetSchema,
} from '../../api/schemas/widget';
import type {
  BlockedOrder,
  CreateGalleryEntryRequest,
  GalleryCategory,
  GalleryEntry,
  UpdateGalleryEntryRequest,
  Widget,
  WidgetListResponse,
} from '../../api/schemas/widget';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Widgets', 'GalleryEntry'] });

export interface ShareWidgetArgs {
  code: string;
  vendorId: string;
  fromName: string;
  personalMessage: string;
  /** Plain address: sent base64-encoded (docs/product.md#validation). */
  toEmailAddress: string;
}

/** Widgets, gallery entries, categories and blocked orders (docs/product.md#apis Widgets). */
export const widgetsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /v1/widget/all?page (default 1). */
    getWidgets: build.query<WidgetListResponse, { page?: number }>({
      query: ({ page = WIDGETS_FIRST_PAGE }) => ({
        api: 'widgets',
        url: '/v1/widget/all',
        params: { page, pageSize: WIDGETS_PAGE_SIZE },
      }),
      ...checked(widgetListResponseSchema),
      providesTags: ['Widgets'],
    }),
    /** POST /v1/widget/{code}: the widget of an ordered product. */
    createWidget: build.mutation<Widget, { code: string; title?: string }>({
      query: ({ code, title }) => ({
        api: 'widgets',
        url: `/v1/widget/${encodeURIComponent(code)}`,
        method: 'POST',
        body: title ? { title } : null,
      }),
      ...checked(widgetSchema),
      invalidatesTags: (_result, error) => (error ? [] : ['Widgets']),
    }),
    /** DELETE /v1/widget/{code}; the list reloads without it. */
    deleteWidget: build.mutation<null, string>({
      query: (code) => ({
        api: 'widgets',
        url: `/v1/widget/${encodeURIComponent(code)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Widgets']),
    }),
    /** PUT /v1/widget/{code}/share?vendorId&fromName&personalMessage&toEmailAddress (base64). */
    shareWidget: build.mutation<Widget, ShareWidgetArgs>({
      query: ({ code, toEmailAddress, ...rest }) => ({
        api: 'widgets',
        url: `/v1/widget/${encodeURIComponent(code)}/share`,
        method: 'PUT',
        params: { ...rest, toEmailAddress: encodeRecipient(toEmailAddress) },
      }),
      ...checked(widgetSchema),
      invalidatesTags: (_result, error) => (error ? [] : ['Widgets']),
    }),
    /** GET /v1/categories. */
    getCategories: build.query<GalleryCategory[], void>({
      query: () => ({ api: 'widgets', url: '/v1/categories' }),
      rawResponseSchema: galleryCategoriesResponseSchema,
      catchSchemaFailure: schemaFailure,
      transformResponse: (body: { categories: GalleryCategory[] }) => body.categories,
    }),
    /** GET /v1/blockedorders/{orderCode}, no token: a blocked order stays out of the gallery. */
    getBlockedOrder: build.query<BlockedOrder, string>({
      query: (orderCode) => ({
        api: 'widgets',
        url: `/v1/blockedorders/${encodeURIComponent(orderCode)}`,
        anonymous: true,
      }),
      ...checked(blockedOrderSchema),
    }),
    /** GET /v1/galleryentries/{id}?channel. */
    getGalleryEntry: build.query<GalleryEntry, { id: string; channel: string }>({
      query: ({ id, channel }) => ({
        api: 'widgets',
        url: `/v1/galleryentries/${encodeURIComponent(id)}`,
        params: { channel },
      }),
      ...checked(galleryEntrySchema),
      providesTags: (_result, _error, { id }) => [{ type: 'GalleryEntry', id }],
    }),
    /** POST /v1/galleryentries/. */
    createGalleryEntry: build.mutation<GalleryEntry, CreateGalleryEntryRequest>({
      query: (body) => ({ api: 'widgets', url: '/v1/galleryentries/', method: 'POST', body }),
      ...checked(galleryEntrySchema),
      invalidatesTags: (_result, error) => (error ? [] : ['Widgets']),
    }),
    /** PUT /v1/galleryentries/{widgetId}?channel. */
    updateGalleryEntry: build.mutation<
      GalleryEntry,
      { widgetId: string; channel: string; changes: UpdateGalleryEntryRequest }
    >({
      query: ({ widgetId, channel, changes }) => ({
        api: 'widgets',
        url: `/v1/galleryentries/${encodeURIComponent(widgetId)}`,
        method: 'PUT',
        params: { channel },
        body: changes,
      }),
      ...checked(galleryEntrySchema),
      invalidatesTags: (result, error) =>
        error || !result ? [] : [{ type: 'GalleryEntry', id: result.id }],
    }),
    /** DELETE /v1/galleryentries/{id}?channel. */
    deleteGalleryEntry: build.mutation<null, { id: string; widgetId: string; channel: string }>({
      query: ({ id, channel }) => ({
        api: 'widgets',
        url: `/v1/galleryentries/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: { channel },
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Widgets']),
    }),
  }),
});

export const {
  useGetWidgetsQuery,
  useCreateWidgetMutation,
  useDeleteWidgetMutation,
  useShareWidgetMutation,
  useGetCategoriesQuery,
  useGetBlockedOrderQuery,
  useGetGalleryEntryQuery,
  useCreateGalleryEntryMutation,
  useUpdateGalleryEntryMutation,
  useDeleteGalleryEntryMutation,
} = widgetsApi;
