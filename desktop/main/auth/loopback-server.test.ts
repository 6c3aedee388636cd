import { describe, expect, it } from 'vitest';
import { LoopbackError, startLoopbackServer, type LoopbackPages } from './loopback-server';

const pages: LoopbackPages = {
  lang: 'en-GB',
  success: { title: 'You are signed in', message: 'You can close this tab and return to the app.' },
  failure: { title: 'Sign-in did not complete', message: 'Close this tab & try again.' },
};

async function get(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('loopback redirect server', () => {
  it('listens on 127.0.0.1 with an ephemeral port and a /callback path', async () => {
    const server = await startLoopbackServer({ expectedState: 's1', pages });
    expect(server.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(server.redirectUri).not.toMatch(/:0\//);
    server.close();
    await expect(server.result).rejects.toThrow(/cancelled/);
  });

  it('accepts the redirect with the right state, shows a friendly page and closes', async () => {
    const server = await startLoopbackServer({ expectedState: 'expected-state', pages });
    const page = await get(
      `${server.redirectUri}?code=auth-code&state=expected-state&iss=http%3A%2F%2Flocalhost%2Foidc`,
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain('lang="en-GB"');
    expect(page.text).toContain('<h1>You are signed in</h1>');
    expect(page.text).toContain('You can close this tab');

    const callback = await server.result;
    expect(callback.href.startsWith(server.redirectUri)).toBe(true);
    expect(callback.searchParams.get('code')).toBe('auth-code');
    expect(callback.searchParams.get('state')).toBe('expected-state');
    // Closed at once: a replayed redirect finds nobody listening.
    await expect(fetch(`${server.redirectUri}?code=again&state=expected-state`)).rejects.toThrow();
  });

  it('refuses a redirect whose state does not match (CSRF) and keeps waiting for its own', async () => {
    const server = await startLoopbackServer({ expectedState: 'mine', pages });
    const page = await get(`${server.redirectUri}?code=stolen&state=theirs`);
    expect(page.status).toBe(400);
    expect(page.text).toContain('Close this tab &#38; try again.');
    expect((await get(`${server.redirectUri}?code=real&state=mine`)).status).toBe(200);
    expect((await server.result).searchParams.get('code')).toBe('real');
  });

  it('fails on a redirect with the right state but no code', async () => {
    const server = await startLoopbackServer({ expectedState: 'mine', pages });
    const outcome = server.result.catch((error: unknown) => error);
    expect((await get(`${server.redirectUri}?state=mine`)).status).toBe(400);
    const error = await outcome;
    expect(error).toBeInstanceOf(LoopbackError);
    expect((error as LoopbackError).reason).toBe('no-code');
  });

  it('passes on the provider error', async () => {
    const server = await startLoopbackServer({ expectedState: 'st', pages });
    const outcome = server.result.catch((error: unknown) => error);
    await get(
      `${server.redirectUri}?error=access_denied&error_description=User%20cancelled&state=st`,
    );
    expect(((await outcome) as Error).message).toBe('access_denied: User cancelled');
  });

  it('ignores other paths and keeps waiting', async () => {
    const server = await startLoopbackServer({ expectedState: 'st', pages });
    const origin = new URL(server.redirectUri).origin;
    expect((await get(`${origin}/favicon.ico`)).status).toBe(404);
    expect((await get(`${server.redirectUri}?code=c&state=st`)).status).toBe(200);
    expect((await server.result).searchParams.get('code')).toBe('c');
  });

  it('gives up after the timeout', async () => {
    const server = await startLoopbackServer({ expectedState: 'st', pages, timeoutMs: 50 });
    await expect(server.result).rejects.toMatchObject({ reason: 'timeout' });
  });
});
