import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../src/mail/brand-context.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { alertText, openLoginPage, postLogin } from './login-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const buttonBackground = (html: string) => /--button: (#[0-9a-f]{6})/.exec(html)?.[1];

describe('sign-in page in the brand of the redirect_uri host', () => {
  it('is Dutch, orange and albelli on albelli-nl.localhost', async () => {
    const { html } = await openLoginPage(
      server.origin,
      `http://albelli-nl.localhost:${server.port}/`,
    );
    expect(html).toContain('<html lang="nl-NL">');
    expect(html).toContain('<title>Inloggen | albelli</title>');
    expect(html).toContain('<label for="email">E-mailadres</label>');
    expect(html).toContain('<label for="password">Wachtwoord</label>');
    expect(html).toContain('<button type="submit">Inloggen</button>');
    expect(html).toContain('<meta name="theme-color" content="#e8590c">');
    expect(html).toContain('<span class="brand">albelli</span>');
    // The orange itself gives white text only 3.6:1; the button is darkened to ≥ 4.5:1.
    const button = buttonBackground(html)!;
    expect(button).not.toBe('#e8590c');
    expect(contrastRatio('#ffffff', button)).toBeGreaterThanOrEqual(4.5);
  });

  it('says a wrong password in Dutch too, keeping the e-mail', async () => {
    const { client, interactionUrl } = await openLoginPage(
      server.origin,
      `http://albelli-nl.localhost:${server.port}/`,
    );
    const response = await postLogin(client, interactionUrl, {
      email: 'demo@example.com',
      password: 'wrong',
    });
    const html = await response.text();
    expect(alertText(html)).toBe('Onjuist e-mailadres of wachtwoord.');
    expect(html).toContain('value="demo@example.com"');
  });

  it.each([
    ['hofmann-es.localhost', 'es-ES', 'Iniciar sesión', 'Contraseña'],
    ['albelli-at.localhost', 'de-AT', 'Anmelden', 'Passwort'],
    ['photobox-fr.localhost', 'fr-FR', 'Se connecter', 'Mot de passe'],
    ['albelli-se.localhost', 'sv-SE', 'Logga in', 'Lösenord'],
  ])('on %s it is %s', async (host, lang, submit, password) => {
    const { html } = await openLoginPage(server.origin, `http://${host}:${server.port}/`);
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<button type="submit">${submit}</button>`);
    expect(html).toContain(`<label for="password">${password}</label>`);
  });

  it('keeps the English labels on the default brand', async () => {
    const { html } = await openLoginPage(server.origin);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).not.toContain('class="brand"');
    expect(html).toContain('<title>Sign in</title>');
  });
});
