/** A secret of the server itself, created once for every instance (migration 0017). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** One rate-limit key's count in its current fixed window. */
export interface RateLimitWindowsTable {
  key: string;
  /** Epoch ms; PostgreSQL's bigint comes back as a string, so only compare it in SQL. */
  window_start: number;
  count: number;
}

/**
 * The format version of a kind of presented JSON kept in the database, as last built
 * (`db/presented-formats.ts`).
 */
export interface PresentedFormatsTable {
  name: string;
  version: number;
}

export interface SharedStateTables {
  server_secrets: ServerSecretsTable;
  presented_formats: PresentedFormatsTable;
  rate_limit_windows: RateLimitWindowsTable;
}
