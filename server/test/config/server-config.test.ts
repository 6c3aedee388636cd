import { describe, expect, it } from 'vitest';
import { readServerConfig, REPO_ROOT } from '../../src/config/server-config.ts';
import { join } from 'node:path';

describe('readServerConfig', () => {
  it('has the documented defaults', () => {
    const config = readServerConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: join(REPO_ROOT, '.data'),
      publicOrigin: 'http://localhost:8080',
      uploadMaxBytes: 52_428_800,
      archiveTtlSeconds: 3600,
      storefrontFailHosts: [],
      pushAuthTimeoutMs: 5000,
    });
  });

  it('reads the environment', () => {
    const config = readServerConfig({
      PORT: '9090',
      DATA_DIR: '/tmp/x',
      PUBLIC_ORIGIN: 'https://photos.example.com/',
      STOREFRONT_FAIL_HOSTS: 'albelli-nl.localhost, Photobox-UK.localhost',
      UPLOAD_MAX_BYTES: '1000',
    });
    expect(config).toMatchObject({
      port: 9090,
      dataDir: '/tmp/x',
      publicOrigin: 'https://photos.example.com',
      storefrontFailHosts: ['albelli-nl.localhost', 'photobox-uk.localhost'],
      uploadMaxBytes: 1000,
    });
    expect(readServerConfig({ PORT: '9090' }).publicOrigin).toBe('http://localhost:9090');
    expect(readServerConfig({ DATA_DIR: 'tmp/data' }).dataDir).toBe(join(REPO_ROOT, 'tmp/data'));
  });

  it('refuses nonsense', () => {
    expect(() => readServerConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readServerConfig({ PUBLIC_ORIGIN: 'localhost:8080/app' })).toThrow(
      /PUBLIC_ORIGIN/,
    );
  });
});
