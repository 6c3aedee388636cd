import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../app-deps.ts';
import { ContentStore } from '../../storage/content-store.ts';
import { removeUserDocuments } from '../orders/order-documents.ts';
import { unreferencedHashes } from '../photo-management/photos-repository.ts';
import { deleteAccountRows } from './identity-repository.ts';

/**
 * Deletes an account and everything it owns: the rows (one transaction, see
 * `deleteAccountRows`), then the files nobody else references any more — originals and
 * thumbnails are content-addressed, so a photo another account uploaded too stays — and the
 * account's download archives and documents (order, invoice and product PDFs). Cached bearer tokens of the account stop working at once.
 */
export async function deleteAccount(deps: AppDeps, userId: string): Promise<void> {
  const { hashes, downloadIds } = await deleteAccountRows(deps.db, userId);
  deps.tokens.invalidateUser(userId);
  const store = new ContentStore(deps.paths.storage);
  for (const hash of await unreferencedHashes(deps.db, hashes)) await store.remove(hash);
  for (const id of downloadIds) {
    const archive = path.join(deps.paths.archives, `${id}.zip`);
    await rm(archive, { force: true });
    await rm(`${archive}.part`, { force: true });
  }
  await removeUserDocuments(deps.paths.dataDir, userId);
}
