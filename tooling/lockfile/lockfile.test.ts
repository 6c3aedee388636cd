import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingOptionalEntries, platformOf } from './complete-lockfile.mjs';

describe('package-lock.json', () => {
  it('has an entry for every optional dependency, so `npm ci` accepts it on a clean clone', () => {
    const lock = JSON.parse(
      readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'),
    );
    const missing = (missingOptionalEntries(lock) as { name: string }[]).map((m) => m.name);
    expect(missing, 'run `node tooling/lockfile/complete-lockfile.mjs`').toEqual([]);
  });

  it('finds an optional dependency without an entry', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/native': {
          version: '1.0.0',
          optionalDependencies: { '@n/b-darwin-arm64': '1.0.0' },
        },
      },
    };
    expect(missingOptionalEntries(lock)).toEqual([
      { owner: 'node_modules/native', name: '@n/b-darwin-arm64', version: '1.0.0', dev: false },
    ]);
  });

  it('reads the platform from a napi-rs build name', () => {
    expect(platformOf('@unrs/resolver-binding-linux-arm-musleabihf')).toEqual({
      cpu: ['arm'],
      os: ['linux'],
      libc: ['musl'],
    });
    expect(platformOf('@unrs/resolver-binding-win32-ia32-msvc')).toEqual({
      cpu: ['ia32'],
      os: ['win32'],
    });
    expect(platformOf('left-pad')).toBeNull();
  });
});
