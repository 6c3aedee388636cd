/**
 * The queue's entries in the order they were added, by id, with the account they belong to:
 * another user signing in on the same computer neither sees nor sends them.
 */
import type { UploadFailureKind, UploadItemId } from '@photo/core/transfer/upload-model';
import type { QueueEntry } from './queue-file';

export function createQueueEntries() {
  let entries: QueueEntry[] = [];
  const byId = new Map<UploadItemId, QueueEntry>();
  /** The signed-in account whose entries are shown and sent (the last one known). */
  let account: string | null = null;

  const reindex = () => {
    byId.clear();
    for (const entry of entries) byId.set(entry.id, entry);
  };

  return {
    get account() {
      return account;
    },
    set account(value: string | null) {
      account = value;
    },
    all: (): readonly QueueEntry[] => entries,
    get: (id: UploadItemId): QueueEntry | undefined => byId.get(id),
    /** The signed-in account's entries. */
    mine: (): QueueEntry[] => entries.filter((entry) => entry.accountId === account),
    replace(next: QueueEntry[]): void {
      entries = next;
      reindex();
    },
    push(entry: QueueEntry): void {
      entries.push(entry);
      byId.set(entry.id, entry);
    },
    /** Keeps the entries `keep` says yes to. */
    retain(keep: (entry: QueueEntry) => boolean): void {
      entries = entries.filter(keep);
      reindex();
    },
    patch(entry: QueueEntry, change: Partial<QueueEntry>): QueueEntry {
      return Object.assign(entry, change);
    },
    fail(entry: QueueEntry, kind: UploadFailureKind, message: string): void {
      Object.assign(entry, { status: 'failed', failure: { kind, message } });
    },
  };
}

export type QueueEntries = ReturnType<typeof createQueueEntries>;
