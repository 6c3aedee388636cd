import type { AppDeps } from '../app-deps.ts';
import { seedUsers } from './users.ts';

/**
 * Seeds an empty database with the demo data, once: `npm start` calls it on every start and
 * it only writes when the users table is empty (each step is idempotent on its own too).
 */
export async function seedDemoData(deps: AppDeps): Promise<{ createdUsers: boolean }> {
  const createdUsers = await seedUsers(deps.db);
  // Photo management (issue 3) adds its demo photos, albums and shared albums here, e.g.
  //   if (createdUsers) await seedPhotos(deps);
  return { createdUsers };
}
