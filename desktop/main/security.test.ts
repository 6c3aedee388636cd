import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  createNavigationGuard,
  createWillDownloadHandler,
  createWindowOpenHandler,
  hardenWebContents,
  isPermissionAllowed,
  isSafeExternalUrl,
} from './security';

const preventable = () => ({ preventDefault: vi.fn() });

describe('isSafeExternalUrl', () => {
  it.each(['https://www.albelli.nl/faq', 'http://photobox-uk.localhost:8080/'])(
    'allows %s',
    (url) => expect(isSafeExternalUrl(url)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:help@example.com',
    'smb://attacker/share',
    'ms-msdt:/id PCWDiagnostic',
    'app://photo/index.html',
    'https://bank.example@evil.example/',
    'not a url',
    '',
  ])('refuses %s', (url) => expect(isSafeExternalUrl(url)).toBe(false));
});

describe('window open handler', () => {
  it('always denies and opens only allowed URLs externally', () => {
    const openInBrowser = vi.fn().mockResolvedValue(undefined);
    const handler = createWindowOpenHandler(openInBrowser);
    expect(handler({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(openInBrowser).toHaveBeenCalledTimes(1);
    expect(openInBrowser).toHaveBeenCalledWith('https://example.com/');
  });
});

describe('navigation guard', () => {
  it('lets the window move within the app origin', () => {
    const openInBrowser = vi.fn().mockResolvedValue(undefined);
    const event = preventable();
    createNavigationGuard(openInBrowser)(event, 'app://photo/photos?stripped=true');
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(openInBrowser).not.toHaveBeenCalled();
  });

  it('keeps web pages out of the window and sends them to the browser', () => {
    const openInBrowser = vi.fn().mockResolvedValue(undefined);
    const event = preventable();
    createNavigationGuard(openInBrowser)(event, 'https://www.photobox.co.uk/');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(openInBrowser).toHaveBeenCalledWith('https://www.photobox.co.uk/');
  });

  it.each([
    'file:///etc/passwd',
    'app://other/index.html',
    'javascript:alert(1)',
    'data:text/html,x',
  ])('blocks %s without opening it anywhere', (url) => {
    const openInBrowser = vi.fn().mockResolvedValue(undefined);
    const event = preventable();
    createNavigationGuard(openInBrowser)(event, url);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(openInBrowser).not.toHaveBeenCalled();
  });
});

describe('permissions', () => {
  it('grants only the listed permission and only to the app', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://photo/index.html')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(isPermissionAllowed('media', 'app://photo/index.html')).toBe(false);
    expect(isPermissionAllowed('geolocation', 'app://photo/')).toBe(false);
    expect(isPermissionAllowed('notifications', undefined)).toBe(false);
  });
});

describe('will-download', () => {
  const item = (url: string, name: string) => ({
    getURL: () => url,
    getFilename: () => name,
    setSaveDialogOptions: vi.fn(),
  });

  it('proposes a sanitised name inside the Downloads folder', () => {
    const download = item('https://server.example/archive', '../../.bashrc');
    const event = preventable();
    createWillDownloadHandler(() => '/home/u/Downloads')(event, download);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(download.setSaveDialogOptions).toHaveBeenCalledWith({
      defaultPath: path.join('/home/u/Downloads', 'bashrc'),
    });
  });

  it('cancels downloads from other schemes', () => {
    const download = item('file:///etc/shadow', 'shadow');
    const event = preventable();
    createWillDownloadHandler(() => '/tmp')(event, download);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(download.setSaveDialogOptions).not.toHaveBeenCalled();
  });
});

describe('hardenWebContents', () => {
  it('installs the open handler and guards every navigation event', () => {
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    const openInBrowser = vi.fn().mockResolvedValue(undefined);
    hardenWebContents(contents as unknown as WebContents, {
      openInBrowser,
      getDownloadsDir: () => '/tmp',
    });

    const windowOpen = contents.setWindowOpenHandler.mock.calls[0]?.[0] as (d: {
      url: string;
    }) => unknown;
    expect(windowOpen({ url: 'https://example.com/' })).toEqual({ action: 'deny' });

    for (const name of ['will-navigate', 'will-redirect']) {
      const event = preventable();
      contents.emit(name, event, 'https://evil.example/');
      expect(event.preventDefault).toHaveBeenCalled();
    }
    const frameEvent = { ...preventable(), url: 'file:///etc/passwd' };
    contents.emit('will-frame-navigate', frameEvent);
    expect(frameEvent.preventDefault).toHaveBeenCalled();

    const webview = preventable();
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();

    const inside = preventable();
    contents.emit('will-navigate', inside, 'app://photo/albums');
    expect(inside.preventDefault).not.toHaveBeenCalled();
  });
});
