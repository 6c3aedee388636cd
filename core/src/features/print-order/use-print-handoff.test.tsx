import { act } from '@testing-library/react';
import { json } from '../../testing/mock-fetch';
import { renderFeature } from '../../testing/render-feature';
import { usePrintHandoff } from './use-print-handoff';

/** Renders the hook inside the app's providers (renderFeature's wrapper) and returns it. */
async function handoff(routes: Record<string, unknown>) {
  let hook: ReturnType<typeof usePrintHandoff> | null = null;
  function Probe() {
    hook = usePrintHandoff();
    return null;
  }
  const rendered = await renderFeature(<Probe />, { routes });
  return { ...rendered, hook: () => hook! };
}

describe('usePrintHandoff and the merchandise channel', () => {
  it("a channel the merchandise service does not know: 'Unable to extract channel ID!', nothing handed over", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { hook, fetchMock } = await handoff({
      '/api/merchandise/': () => json({ data: { channel: null } }),
    });
    let started = true;
    await act(async () => {
      started = await hook().start(['a', 'b']);
    });
    expect(started).toBe(false);
    expect(error).toHaveBeenCalledWith('Unable to extract channel ID!');
    const merchandise = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/api/merchandise/'),
    )!;
    const body = JSON.parse(String((merchandise[1] as RequestInit).body));
    expect(body.variables).toEqual({ id: 'photobox-uk' });
    expect(body.query).toContain('channel(id: $id)');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('temp-selections'))).toBe(
      false,
    );
    expect(hook().adding).toBeNull();
    error.mockRestore();
  });
});
