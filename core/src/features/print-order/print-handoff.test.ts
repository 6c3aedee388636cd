import { atLeast, buildEditorUrl, EDITOR_HANDOFF_MIN_MS } from './print-handoff';

describe('print editor hand-off (docs/product.md#screens, docs/product.md#messages, docs/product.md#limits)', () => {
  it('adds product PAP_910, the channel and the temp selection to the editor URL', () => {
    const url = new URL(
      buildEditorUrl('https://www.photobox.co.uk/editor?lang=en', {
        channel: 'photobox-uk',
        tempSelectionId: 'abc',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://www.photobox.co.uk/editor');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lang: 'en',
      productCode: 'PAP_910',
      channel: 'photobox-uk',
      tempSelectionId: 'abc',
    });
  });

  it.each([[''], [null], [undefined]])(
    "a missing channel (%s) raises 'Unable to extract channel ID!'",
    (channel) => {
      expect(() =>
        buildEditorUrl('https://x.test/editor', { channel, tempSelectionId: 'abc' }),
      ).toThrow('Unable to extract channel ID!');
    },
  );

  it('waits at least 3 seconds even when the work is instant', async () => {
    vi.useFakeTimers();
    let done = false;
    const pending = atLeast(Promise.resolve('id'), EDITOR_HANDOFF_MIN_MS).then((v) => {
      done = true;
      return v;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBe('id');
    vi.useRealTimers();
  });
});
