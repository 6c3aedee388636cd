import type { UploadList } from '@photo/core/transfer/upload-model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueueEntries } from './queue-entries';
import type { QueueEntry } from './queue-file';
import { createQueueSnapshots, WINDOW_INTERVAL_MS } from './queue-snapshot';

function entry(index: number): QueueEntry {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    path: `/photos/p-${index}.png`,
    name: `p-${index}.png`,
    type: 'image/png',
    size: 100,
    mtimeMs: 0,
    albumId: null,
    accountId: 'account',
    status: 'waiting',
    photoId: null,
    failure: null,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the queue as the window hears it', () => {
  it('a round of state changes: main hears each at once, the window the first at once and then the newest once per interval', () => {
    vi.useFakeTimers();
    const entries = createQueueEntries();
    entries.account = 'account';
    const files = Array.from({ length: 150 }, (_, index) => entry(index));
    for (const file of files) entries.push(file);
    const sent: UploadList[] = [];
    const snapshots = createQueueSnapshots(
      entries,
      () => true,
      (list) => sent.push(list),
    );
    let heard = 0;
    snapshots.subscribe(() => {
      heard += 1;
    });

    // Every file checked, sent and done within one interval: 450 changes.
    for (const file of files)
      for (const status of ['checking', 'uploading', 'done'] as const) {
        entries.patch(file, { status });
        snapshots.changed();
      }
    expect(heard).toBe(450);
    // The window was told once, at the first change (one file checking)...
    expect(sent).toHaveLength(1);
    expect(sent[0]!.totals).toMatchObject({ checking: 1, waiting: 149 });

    // ...and once more at the end of the interval, with where the queue is now.
    vi.advanceTimersByTime(WINDOW_INTERVAL_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.totals).toMatchObject({ done: 150, waiting: 0 });
    // Nothing changed since: nothing more is sent.
    vi.advanceTimersByTime(10 * WINDOW_INTERVAL_MS);
    expect(sent).toHaveLength(2);

    // A change after a quiet interval (Pause holding a file) is sent at once.
    entries.patch(files[0]!, { status: 'waiting', held: true });
    snapshots.changed();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.totals).toMatchObject({ held: 1, done: 149 });
  });
});
