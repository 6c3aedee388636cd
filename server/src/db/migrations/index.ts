import type { Migration } from 'kysely';
import * as m0001 from './0001-users-and-oidc.ts';
import * as m0002 from './0002-photos.ts';
import * as m0003 from './0003-photo-cards.ts';
import * as m0004 from './0004-customer-integration.ts';
import * as m0005 from './0005-orders.ts';
import * as m0006 from './0006-order-documents.ts';
import * as m0007 from './0007-saved-projects.ts';
import * as m0008 from './0008-widgets.ts';
import * as m0009 from './0009-catalog.ts';
import * as m0010 from './0010-mail-and-confirmation-tokens.ts';
import * as m0011 from './0011-login-limits.ts';
import * as m0012 from './0012-customer-details.ts';
import * as m0013 from './0013-email-subscriptions.ts';
import * as m0014 from './0014-upload-storage.ts';
import * as m0015 from './0015-thumbnail-jobs.ts';
import * as m0016 from './0016-observability.ts';
import * as m0017 from './0017-shared-instance-state.ts';
import * as m0018 from './0018-archive-jobs.ts';
import * as m0019 from './0019-order-list-indexes.ts';
import * as m0020 from './0020-photo-changes.ts';
import * as m0021 from './0021-recently-deleted.ts';
import * as m0022 from './0022-order-list-json.ts';
import * as m0023 from './0023-album-photo-cards.ts';
import * as m0024 from './0024-presented-formats.ts';

/**
 * Every migration, in order. Kysely sorts by name, so names start with a 4-digit number.
 * Add a file and one line here; never edit a migration that has landed. The one kind of edit
 * made since: a declared type PostgreSQL needs wider (`bigint` for milliseconds and byte sizes,
 * `double precision` for `real`), which SQLite maps to the same affinity, so databases made
 * before it behave the same.
 */
export const migrations: Record<string, Migration> = {
  '0001-users-and-oidc': m0001,
  '0002-photos': m0002,
  '0003-photo-cards': m0003,
  '0004-customer-integration': m0004,
  '0005-orders': m0005,
  '0006-order-documents': m0006,
  '0007-saved-projects': m0007,
  '0008-widgets': m0008,
  '0009-catalog': m0009,
  '0010-mail-and-confirmation-tokens': m0010,
  '0011-login-limits': m0011,
  '0012-customer-details': m0012,
  '0013-email-subscriptions': m0013,
  '0014-upload-storage': m0014,
  '0015-thumbnail-jobs': m0015,
  '0016-observability': m0016,
  '0017-shared-instance-state': m0017,
  '0018-archive-jobs': m0018,
  '0019-order-list-indexes': m0019,
  '0020-photo-changes': m0020,
  '0021-recently-deleted': m0021,
  '0022-order-list-json': m0022,
  '0023-album-photo-cards': m0023,
  '0024-presented-formats': m0024,
};
