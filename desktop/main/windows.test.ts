import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy as buildWebPolicy } from '@photo/core/api/schemas/security-policy';
import { buildContentSecurityPolicy, mainWindowWebPreferences } from './windows';

describe('main window', () => {
  it('runs the page isolated, sandboxed and without Node', () => {
    const prefs = mainWindowWebPreferences('/app/out/preload/index.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('builds a CSP that allows no inline or remote script and names only the server', () => {
    const csp = buildContentSecurityPolicy(['http://localhost:8080/some/path', 'not a url']);
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d]));
    expect(directives.get('default-src')).toBe("default-src 'none'");
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(directives.get('connect-src')).toBe(
      "connect-src 'self' http://localhost:8080 ws://localhost:8080",
    );
    expect(directives.get('img-src')).toContain('http://localhost:8080');
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it("has the web app's directives, less remote scripts and reports", () => {
    const origins = ['http://localhost:8080', 'https://api.example.com'];
    const names = (csp: string) => csp.split('; ').map((d) => d.split(' ')[0] ?? '');
    const web = buildWebPolicy({ origins, report: true });
    const desktop = buildContentSecurityPolicy(origins);
    expect(names(desktop)).toEqual(names(web).filter((name) => !name.startsWith('report-')));
    expect(desktop).toContain("script-src 'self';");
    expect(desktop).toContain("frame-src 'self';");
  });

  it('names every origin it is given, each http(s) one with its websocket twin', () => {
    const csp = buildContentSecurityPolicy([
      'http://albelli-nl.localhost:8080',
      'https://api.example.com/v1',
      'wss://push.example.com/socket',
    ]);
    expect(csp).toContain(
      "connect-src 'self' http://albelli-nl.localhost:8080 https://api.example.com " +
        'ws://albelli-nl.localhost:8080 wss://api.example.com wss://push.example.com;',
    );
  });
});
