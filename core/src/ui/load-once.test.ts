import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('shares one load between callers, and tries again after a failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('chunk');
    const once = loadOnce(load);
    await expect(once()).rejects.toThrow('offline');
    expect(once.loaded).toBeUndefined();
    const [a, b] = await Promise.all([once(), once()]);
    // What it loaded is there to read synchronously.
    expect(once.loaded).toBe('chunk');
    expect([a, b]).toEqual(['chunk', 'chunk']);
    await once();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
