/** A minimal cookie jar for one origin: enough for the OIDC flow (names, paths, deletion). */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  /** Stores the `Set-Cookie` headers of a response. */
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        const lower = key.trim().toLowerCase();
        if (lower === 'path') path = val.trim() || '/';
        if (lower === 'expires' && Date.parse(val) <= Date.now()) expired = true;
        if (lower === 'max-age' && Number(val) <= 0) expired = true;
      }
      const key = `${path}\u0000${name}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  /** The `Cookie` header for a URL (path-matched, most specific path first). */
  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.entries()]
      .filter(
        ([, cookie]) =>
          pathname === cookie.path ||
          pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .sort(([, a], [, b]) => b.path.length - a.path.length)
      .map(([key, cookie]) => `${key.split('\u0000')[1]}=${cookie.value}`)
      .join('; ');
  }
}
