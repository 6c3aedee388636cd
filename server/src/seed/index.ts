import type { AppDeps } from '../app-deps.ts';
import { withDatabaseLock } from '../db/database.ts';
import { seedCatalog } from './catalog.ts';
import { seedCustomers } from './customers.ts';
import { seedOrders } from './orders.ts';
import { seedPhotos } from './photos.ts';
import { seedProjects } from './projects.ts';
import { seedUsers } from './users.ts';
import { seedWidgets } from './widgets.ts';

/**
 * Seeds an empty database with the demo data, once: `npm start` calls it on every start and
 * it only writes when the users table is empty (each step is idempotent on its own too).
 */
export async function seedDemoData(deps: AppDeps): Promise<{ createdUsers: boolean }> {
  // Instances started together on one empty PostgreSQL database: one seeds while the others
  // wait, then find the data there (each step only writes what is missing).
  return withDatabaseLock(deps.db, 'seed-demo-data', () => seedAll(deps));
}

async function seedAll(deps: AppDeps): Promise<{ createdUsers: boolean }> {
  const createdUsers = await seedUsers(deps.db);
  // Personal details and addresses of the demo users; business users with status New and Blocked.
  await seedCustomers(deps.db);
  // Photo management: demo photos, albums, shared albums, legacy photos (no-op once seeded).
  await seedPhotos(deps);
  // Catalogue, then orders (with their PDFs and invoices), saved projects, widgets (need orders).
  await seedCatalog(deps.db);
  await seedOrders(deps);
  await seedProjects(deps.db);
  await seedWidgets(deps.db);
  return { createdUsers };
}
