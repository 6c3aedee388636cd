import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ImportPushMessage } from '@photo/core/api/schemas/push';
import { IMPORT_TYPES } from '@photo/core/api/schemas/push';
import type { Db } from '../../db/database.ts';
import type { ContentStore } from '../../storage/content-store.ts';
import { processImage } from '../../storage/image-processing.ts';
import type { Publisher } from './archive-service.ts';
import { photoRow } from './photo-ingest.ts';
import { insertPhotos } from './photos-repository.ts';

/**
 * Activation (docs/product.md#states): POST /users/activate moves a NOT_ACTIVE user to IMPORTING and imports
 * their legacy photos in the background, one transaction per photo (row in, legacy row out,
 * so an interrupted import resumes without duplicates), with push messages
 * import started → finished (or error), then ACTIVE.
 */
export class ActivationService {
  private readonly db: Db;
  private readonly store: ContentStore;
  private readonly push: Publisher;
  private readonly running = new Set<Promise<void>>();

  constructor(options: { db: Db; store: ContentStore; push: Publisher }) {
    this.db = options.db;
    this.store = options.store;
    this.push = options.push;
  }

  /** Imports that were running when the process stopped start again. */
  async start(): Promise<void> {
    const importing = await this.db
      .selectFrom('users')
      .select('id')
      .where('activation_status', '=', 'IMPORTING')
      .execute();
    for (const user of importing) this.launch(user.id);
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /** Returns whether this call started an import (false unless the user was NOT_ACTIVE). */
  async activate(userId: string): Promise<boolean> {
    // One conditional UPDATE: two concurrent calls cannot both start an import.
    const result = await this.db
      .updateTable('users')
      .set({ activation_status: 'IMPORTING' })
      .where('id', '=', userId)
      .where('activation_status', '=', 'NOT_ACTIVE')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    this.launch(userId);
    return true;
  }

  private launch(userId: string): void {
    const job = this.importLegacy(userId).finally(() => this.running.delete(job));
    this.running.add(job);
  }

  private message(
    type: ImportPushMessage['type'],
    payload: ImportPushMessage['data']['payload'],
  ): ImportPushMessage {
    return { id: randomUUID(), type, data: { payload, timestamp: new Date().toISOString() } };
  }

  private async importLegacy(userId: string): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const legacy = await this.db
      .selectFrom('legacy_photos')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created')
      .execute();
    const totalCount = legacy.length;
    let importedCount = 0;
    this.push.publish(
      userId,
      this.message(IMPORT_TYPES.started, { userId, importedCount, totalCount }),
    );
    try {
      for (const item of legacy) {
        const buffer = await readFile(this.store.originalPath(item.content_hash));
        const image = await processImage(buffer);
        await this.store.put(item.content_hash, buffer, image.thumbnails);
        const now = new Date().toISOString();
        const row = photoRow(image, {
          id: randomUUID(),
          userId,
          uploadId: item.id,
          localFileName: item.local_file_name,
          hash: item.content_hash,
          size: buffer.length,
          created: item.created,
          uploadEnd: now,
        });
        await this.db.transaction().execute(async (trx) => {
          await insertPhotos(trx, [row]);
          await trx.deleteFrom('legacy_photos').where('id', '=', item.id).execute();
        });
        importedCount += 1;
      }
      await this.db
        .updateTable('users')
        .set({ activation_status: 'ACTIVE' })
        .where('id', '=', userId)
        .execute();
      this.push.publish(
        userId,
        this.message(IMPORT_TYPES.finished, { userId, importedCount, totalCount }),
      );
    } catch (error) {
      // Back to NOT_ACTIVE so the user can start again; imported photos stay imported.
      await this.db
        .updateTable('users')
        .set({ activation_status: 'NOT_ACTIVE' })
        .where('id', '=', userId)
        .execute()
        .catch(() => undefined);
      this.push.publish(
        userId,
        this.message(IMPORT_TYPES.error, {
          userId,
          importedCount,
          totalCount,
          error: String((error as Error).message ?? error),
        }),
      );
    }
  }
}
