import { buildSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { MerchandiseArticle } from '@photo/core/api/schemas/merchandise';
import type { Db } from '../../db/database.ts';
import { articlesOfChannel, findChannel, listChannels } from './merchandise-repository.ts';

/** The merchandise schema: the two queries of docs/product.md#apis and their types. */
export const merchandiseSchema: GraphQLSchema = buildSchema(`
  type Query {
    "Channels of a vendor (e.g. Photobox) in a locale (e.g. en-GB)."
    channels(vendorId: String!, locale: String!): [Channel!]!
    "One channel with its articles; null when there is no channel with this ID."
    channel(id: ID!): Channel
  }
  type Channel {
    ID: ID!
    Vendor: Vendor!
    ShopUrl: String!
    Currency: Currency!
    Articles: [Article!]!
  }
  type Vendor {
    ID: String!
    Locale: String!
  }
  type Currency {
    ID: String!
  }
  type Article {
    ID: ID!
    ArticleType: String!
    Title: String!
    "Millimetres."
    PageHeight: Float!
    PageWidth: Float!
    Visible: Boolean!
    Links: [Link!]!
    Border: String
    CoverText: String
    CoverType: String
    Paper: String
    PrintSize: String
    Options: [ArticleOption!]!
  }
  type Link {
    Rel: String!
    Href: String!
  }
  type ArticleOption {
    Name: String!
    Values: [String!]!
  }
`);

type ChannelRow = NonNullable<Awaited<ReturnType<typeof findChannel>>>;

/**
 * A channel as the schema reads it. `Articles` is a function: graphql-js calls it only when
 * the query asks for articles, so the channel list never reads them.
 */
function channelValue(db: Db, row: ChannelRow) {
  return {
    ID: row.id,
    Vendor: { ID: row.vendor_id, Locale: row.locale },
    ShopUrl: row.shop_url,
    Currency: { ID: row.currency_id },
    Articles: async (): Promise<MerchandiseArticle[]> =>
      (await articlesOfChannel(db, row.id)).map((article) => ({
        ID: article.id,
        ArticleType: article.article_type,
        Title: article.title,
        PageHeight: article.page_height,
        PageWidth: article.page_width,
        Visible: article.visible === 1,
        Links: JSON.parse(article.links) as MerchandiseArticle['Links'],
        Border: article.border,
        CoverText: article.cover_text,
        CoverType: article.cover_type,
        Paper: article.paper,
        PrintSize: article.print_size,
        Options: JSON.parse(article.options) as MerchandiseArticle['Options'],
      })),
  };
}

/** Root resolvers of {@link merchandiseSchema} on the database. */
export function merchandiseRoot(db: Db) {
  return {
    channels: async (args: { vendorId: string; locale: string }) =>
      (await listChannels(db, args.vendorId, args.locale)).map((row) => channelValue(db, row)),
    channel: async (args: { id: string }) => {
      const row = await findChannel(db, args.id);
      return row ? channelValue(db, row) : null;
    },
  };
}
