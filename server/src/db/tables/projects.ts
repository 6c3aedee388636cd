export interface SavedProjectsTable {
  id: string;
  user_id: string;
  name: string;
  article_type: string;
  product_title: string;
  channel: string;
  page_count: number;
  created_at: string;
  updated_at: string;
}

/** Saved projects (migration 0007). */
export interface ProjectsTables {
  saved_projects: SavedProjectsTable;
}
