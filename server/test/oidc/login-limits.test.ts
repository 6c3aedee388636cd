import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { alertText, openLoginPage, postLogin } from './login-support.ts';

describe('sign-in abuse limits over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Short delays and a 2 s lock keep the test quick; the counts are the defaults.
    server = await startTestServer({
      env: { LOGIN_DELAY_BASE_MS: '10', LOGIN_DELAY_MAX_MS: '40', LOGIN_LOCK_SECONDS: '2' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('after 10 wrong passwords the account is locked and the right one refused until the lock ends', async () => {
    const { client, interactionUrl } = await openLoginPage(server.origin);
    const alerts: Array<string | undefined> = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await postLogin(client, interactionUrl, {
        email: 'friend@example.com',
        password: `wrong-${i}`,
      });
      alerts.push(alertText(await response.text()));
      if (i < 9) expect(response.status).toBe(200);
      else expect(response.status).toBe(429);
    }
    expect(alerts.slice(0, 9).every((a) => a === 'Incorrect email or password.')).toBe(true);
    expect(alerts[9]).toMatch(/^Too many failed sign-in attempts\. Please wait 1 min/);

    // The right password while locked: refused, with the lock message and Retry-After.
    const locked = await postLogin(client, interactionUrl, {
      email: 'FRIEND@example.com',
      password: 'demo1234',
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(alertText(await locked.text())).toMatch(/^Too many failed sign-in attempts/);
    await expect(signIn(server.origin, 'friend@example.com', 'demo1234')).rejects.toThrow(/429/);

    // Other accounts still sign in from the same address.
    await expect(signIn(server.origin, 'demo@example.com', 'demo1234')).resolves.toBeTruthy();

    await new Promise((resolve) => setTimeout(resolve, 2100));
    const result = await signIn(server.origin, 'friend@example.com', 'demo1234');
    expect(result.claims.email).toBe('friend@example.com');
  });

  it('the lock message is in the brand language', async () => {
    const { client, interactionUrl } = await openLoginPage(
      server.origin,
      `http://albelli-nl.localhost:${server.port}/`,
    );
    let last: Response | undefined;
    for (let i = 0; i < 10; i += 1)
      last = await postLogin(client, interactionUrl, {
        email: 'nobody@example.com',
        password: 'x',
      });
    expect(last!.status).toBe(429);
    expect(alertText(await last!.text())).toMatch(/^Te veel mislukte inlogpogingen/);
  });
});
