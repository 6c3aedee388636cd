import type { AccountTables } from './tables/account.ts';
import type { CatalogTables } from './tables/catalog.ts';
import type { ObservabilityTables } from './tables/observability.ts';
import type { OrdersTables } from './tables/orders.ts';
import type { PhotosTables } from './tables/photos.ts';
import type { ProjectsTables } from './tables/projects.ts';
import type { SharedStateTables } from './tables/shared-state.ts';
import type { StorageTables } from './tables/storage.ts';
import type { TrashTables } from './tables/trash.ts';
import type { UsersTables } from './tables/users.ts';
import type { WidgetsTables } from './tables/widgets.ts';

/**
 * The whole database as Kysely sees it: one interface per module's tables, merged here.
 * A module adds its tables in `tables/<module>.ts` and extends this interface.
 */
export interface DatabaseSchema
  extends
    UsersTables,
    PhotosTables,
    AccountTables,
    OrdersTables,
    ProjectsTables,
    WidgetsTables,
    CatalogTables,
    StorageTables,
    ObservabilityTables,
    SharedStateTables,
    TrashTables {}
