type Json = string;

export interface ArticleGroupsTable {
  id: string;
  name: string;
  /** string[] as JSON. */
  article_types: Json;
  production_days: number;
  position: number;
}

export interface CampaignsTable {
  name: string;
  title: string;
  starts_at: string;
  ends_at: string;
}

export interface CampaignCutOffsTable {
  campaign_name: string;
  article_group_id: string;
  order_before: string;
  /** ISO date. */
  delivered_by: string;
}

export interface VoucherOffersTable {
  code: string;
  campaign_name: string;
  title: string;
  description: string;
  discount_type: 'percentage' | 'amount';
  discount_value: number;
  currency: string | null;
  article_types: Json;
  channel: string;
  valid_from: string;
  valid_until: string;
}

export interface MerchandiseChannelsTable {
  id: string;
  vendor_id: string;
  locale: string;
  shop_url: string;
  currency_id: string;
}

export interface MerchandiseArticlesTable {
  id: string;
  channel_id: string;
  position: number;
  article_type: string;
  title: string;
  page_height: number;
  page_width: number;
  visible: number;
  /** `{Rel, Href}[]` as JSON. */
  links: Json;
  border: string | null;
  cover_text: string | null;
  cover_type: string | null;
  paper: string | null;
  print_size: string | null;
  /** `{Name, Values}[]` as JSON. */
  options: Json;
}

/** Catalogue data shared by all users (migration 0009). */
export interface CatalogTables {
  article_groups: ArticleGroupsTable;
  campaigns: CampaignsTable;
  campaign_cut_offs: CampaignCutOffsTable;
  voucher_offers: VoucherOffersTable;
  merchandise_channels: MerchandiseChannelsTable;
  merchandise_articles: MerchandiseArticlesTable;
}
