import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ImportPushMessage } from '@photo/core/api/schemas/push';
import { IMPORT_TYPES } from '@photo/core/api/schemas/push';
import type { Db } from '../../db/database.ts';
import type { ContentStore } from '../../storage/content-store.ts';
import { processImage } from '../../storage/image-processing.ts';
import type { Publisher } from './archive-service.ts';
import { photoRow } from './photo-ingest.ts';
import {
  beginImport,
  importingUserIds,
  legacyPhotos,
  replaceLegacyPhoto,
  setActivationStatus,
} from './photo-users-repository.ts';

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
    for (const userId of await importingUserIds(this.db)) this.launch(userId);
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /** Returns whether this call started an import (false unless the user was NOT_ACTIVE). */
  async activate(userId: string): Promise<boolean> {
    if (!(await beginImport(this.db, userId))) return false;
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
    const legacy = await legacyPhotos(this.db, userId);
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
        await replaceLegacyPhoto(this.db, item.id, row);
        importedCount += 1;
      }
      await setActivationStatus(this.db, userId, 'ACTIVE');
      this.push.publish(
        userId,
        this.message(IMPORT_TYPES.finished, { userId, importedCount, totalCount }),
      );
    } catch (error) {
      // Back to NOT_ACTIVE so the user can start again; imported photos stay imported.
      await setActivationStatus(this.db, userId, 'NOT_ACTIVE').catch(() => undefined);
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
