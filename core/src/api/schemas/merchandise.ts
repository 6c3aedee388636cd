import { z } from 'zod/mini';

/**
 * Merchandise channels are read with GraphQL: POST {MerchandiseApiUrl} with one of the two
 * queries below (docs/product.md#apis). The server and the client use these exact texts.
 */
export const MERCHANDISE_CHANNELS_QUERY = `query Channels($vendorId: String!, $locale: String!) {
  channels(vendorId: $vendorId, locale: $locale) { ID Vendor { ID Locale } }
}`;

export const MERCHANDISE_CHANNEL_QUERY = `query Channel($id: ID!) {
  channel(id: $id) {
    ID
    Vendor { ID Locale }
    ShopUrl
    Currency { ID }
    Articles {
      ID ArticleType Title PageHeight PageWidth Visible
      Links { Rel Href }
      Border CoverText CoverType Paper PrintSize
      Options { Name Values }
    }
  }
}`;

/** What the client raises when no channel ID can be read for print ordering (docs/product.md#messages). */
export const CHANNEL_ID_MISSING = 'Unable to extract channel ID!';

/** Request body of a GraphQL POST. */
export const graphqlRequestSchema = z.object({
  query: z.string().check(z.minLength(1), z.maxLength(10_000)),
  variables: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  operationName: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
});
export type GraphqlRequest = z.infer<typeof graphqlRequestSchema>;

export const graphqlErrorSchema = z.object({
  message: z.string(),
  path: z.optional(z.array(z.union([z.string(), z.number()]))),
});

/** Every answer of the endpoint: `data` and/or `errors` (GraphQL over HTTP). */
export const graphqlResponseSchema = z.object({
  data: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  errors: z.optional(z.array(graphqlErrorSchema)),
});

const vendorSchema = z.object({ ID: z.string(), Locale: z.string() });

export const merchandiseChannelSummarySchema = z.object({ ID: z.string(), Vendor: vendorSchema });

export const merchandiseArticleSchema = z.object({
  ID: z.string(),
  ArticleType: z.string(),
  Title: z.string(),
  /** Millimetres. */
  PageHeight: z.number(),
  PageWidth: z.number(),
  Visible: z.boolean(),
  Links: z.array(z.object({ Rel: z.string(), Href: z.string() })),
  Border: z.nullable(z.string()),
  CoverText: z.nullable(z.string()),
  CoverType: z.nullable(z.string()),
  Paper: z.nullable(z.string()),
  PrintSize: z.nullable(z.string()),
  Options: z.array(z.object({ Name: z.string(), Values: z.array(z.string()) })),
});
export type MerchandiseArticle = z.infer<typeof merchandiseArticleSchema>;

/** A merchandise channel with its articles (docs/product.md#data Merchandise channel). */
export const merchandiseChannelSchema = z.object({
  ID: z.string(),
  Vendor: vendorSchema,
  ShopUrl: z.string(),
  Currency: z.object({ ID: z.string() }),
  Articles: z.array(merchandiseArticleSchema),
});
export type MerchandiseChannel = z.infer<typeof merchandiseChannelSchema>;

/** `data` of {@link MERCHANDISE_CHANNELS_QUERY}. */
export const merchandiseChannelsDataSchema = z.object({
  channels: z.array(merchandiseChannelSummarySchema),
});
/** `data` of {@link MERCHANDISE_CHANNEL_QUERY}: `channel` is null for an unknown id. */
export const merchandiseChannelDataSchema = z.object({
  channel: z.nullable(merchandiseChannelSchema),
});
