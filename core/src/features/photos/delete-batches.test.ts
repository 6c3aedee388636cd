import { chunk, deleteInBatches, RETRIES_EXCEEDED_MESSAGE } from './delete-batches';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
const noWait = async () => {};

describe('bulk delete batching (docs/product.md#states)', () => {
  it.each([
    [5, 2, [2, 2, 1]],
    [4, 2, [2, 2]],
    [0, 2, []],
    [3, 0, []],
    [3, 1.5, []],
  ])('%i items in chunks of %s', (n, size, sizes) => {
    expect(chunk(ids(n), size).map((c) => c.length)).toEqual(sizes);
  });

  it('sends batches of the batch size and returns every deleted id', async () => {
    const calls: string[][] = [];
    const deleted = await deleteInBatches(
      ids(250),
      async (batch) => {
        calls.push(batch);
        return { failed: [] };
      },
      { wait: noWait },
    );
    expect(calls.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(deleted).toHaveLength(250);
  });

  it('retries a batch that failed, then succeeds', async () => {
    let calls = 0;
    const deleted = await deleteInBatches(
      ids(3),
      async () => {
        calls++;
        if (calls === 1) throw new Error('network');
        return { failed: [] };
      },
      { batchSize: 2, wait: noWait },
    );
    // batch [p0,p1] fails, [p2] succeeds, retry [p0,p1] succeeds
    expect(calls).toBe(3);
    expect(deleted.sort()).toEqual(['p0', 'p1', 'p2']);
  });

  it('retries only the ids the server reported as failed', async () => {
    const seen: string[][] = [];
    await deleteInBatches(
      ids(4),
      async (batch) => {
        seen.push(batch);
        return { failed: seen.length === 1 ? ['p1'] : [] };
      },
      { batchSize: 4, wait: noWait },
    );
    expect(seen).toEqual([['p0', 'p1', 'p2', 'p3'], ['p1']]);
  });

  it("gives up after the maximum retries with 'Exceeded maximum amount of retries!'", async () => {
    let calls = 0;
    const attempt = deleteInBatches(
      ids(2),
      async () => {
        calls++;
        throw new Error('500');
      },
      { batchSize: 10, maxRetries: 3, wait: noWait },
    );
    await expect(attempt).rejects.toThrow(RETRIES_EXCEEDED_MESSAGE);
    await expect(attempt).rejects.toMatchObject({ failedIds: ['p0', 'p1'] });
    expect(calls).toBe(4); // first try + 3 retries
  });
});
