import { describe, expect, it } from 'vitest';
import { LoopbackError, startLoopbackServer } from './loopback-server';

async function get(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('loopback redirect server', () => {
  it('listens on 127.0.0.1 with an ephemeral port and a /callback path', async () => {
    const server = await startLoopbackServer({ expectedState: 's1' });
    expect(server.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(server.redirectUri).not.toMatch(/:0\//);
    server.close();
    await expect(server.result).rejects.toThrow(/cancelled/);
  });

  it('accepts the redirect with the right state, shows a friendly page and closes', async () => {
    const server = await startLoopbackServer({ expectedState: 'expected-state' });
    const page = await get(
      `${server.redirectUri}?code=auth-code&state=expected-state&iss=http%3A%2F%2Flocalhost%2Foidc`,
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain('You can close this tab');

    const callback = await server.result;
    expect(callback.href.startsWith(server.redirectUri)).toBe(true);
    expect(callback.searchParams.get('code')).toBe('auth-code');
    expect(callback.searchParams.get('state')).toBe('expected-state');
    // Closed at once: a replayed redirect finds nobody listening.
    await expect(fetch(`${server.redirectUri}?code=again&state=expected-state`)).rejects.toThrow();
  });

  it('rejects a redirect whose state does not match (CSRF)', async () => {
    const server = await startLoopbackServer({ expectedState: 'mine' });
    const outcome = server.result.catch((error: unknown) => error);
    const page = await get(`${server.redirectUri}?code=stolen&state=theirs`);
    expect(page.status).toBe(400);
    expect(page.text).not.toContain('auth-code');
    const error = await outcome;
    expect(error).toBeInstanceOf(LoopbackError);
    expect((error as Error).message).toBe('State does not match');
  });

  it('passes on the provider error', async () => {
    const server = await startLoopbackServer({ expectedState: 'st' });
    const outcome = server.result.catch((error: unknown) => error);
    await get(
      `${server.redirectUri}?error=access_denied&error_description=User%20cancelled&state=st`,
    );
    expect(((await outcome) as Error).message).toBe('access_denied: User cancelled');
  });

  it('ignores other paths and keeps waiting', async () => {
    const server = await startLoopbackServer({ expectedState: 'st' });
    const origin = new URL(server.redirectUri).origin;
    expect((await get(`${origin}/favicon.ico`)).status).toBe(404);
    expect((await get(`${server.redirectUri}?code=c&state=st`)).status).toBe(200);
    expect((await server.result).searchParams.get('code')).toBe('c');
  });

  it('gives up after the timeout', async () => {
    const server = await startLoopbackServer({ expectedState: 'st', timeoutMs: 50 });
    await expect(server.result).rejects.toThrow(/timed out/);
  });
});
