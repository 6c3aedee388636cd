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
      pushMaxSocketsPerUser: 10,
      activationImportDelayMs: 400,
      ordersPageCache: true,
      uploads: {
        expirySeconds: 86_400,
        cleanupIntervalSeconds: 600,
        decodeConcurrency: 2,
        benchSink: false,
      },
    });
  });

  it('reads the upload, image and push settings, keeping the counts that must be ≥ 1 at 1', () => {
    expect(
      readServerConfig({
        UPLOAD_EXPIRY_SECONDS: '60',
        UPLOAD_CLEANUP_INTERVAL_SECONDS: '5',
        IMAGE_DECODE_CONCURRENCY: '3',
        PUSH_MAX_SOCKETS_PER_USER: '4',
        ACTIVATION_IMPORT_DELAY_MS: '0',
      }),
    ).toMatchObject({
      uploads: { expirySeconds: 60, cleanupIntervalSeconds: 5, decodeConcurrency: 3 },
      pushMaxSocketsPerUser: 4,
      activationImportDelayMs: 0,
    });
    expect(
      readServerConfig({
        UPLOAD_EXPIRY_SECONDS: '0',
        IMAGE_DECODE_CONCURRENCY: '0',
        PUSH_MAX_SOCKETS_PER_USER: '0',
      }),
    ).toMatchObject({
      uploads: { expirySeconds: 1, decodeConcurrency: 1 },
      pushMaxSocketsPerUser: 1,
    });
    expect(() => readServerConfig({ IMAGE_DECODE_CONCURRENCY: 'two' })).toThrow(
      /IMAGE_DECODE_CONCURRENCY/,
    );
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

  it('turns the order page cache off only when asked to', () => {
    expect(readServerConfig({ ORDERS_PAGE_CACHE: 'off' }).ordersPageCache).toBe(false);
    expect(readServerConfig({ ORDERS_PAGE_CACHE: 'on' }).ordersPageCache).toBe(true);
    expect(() => readServerConfig({ ORDERS_PAGE_CACHE: 'no' })).toThrow(/ORDERS_PAGE_CACHE/);
  });

  it('seeds the demo data in development only, unless SEED_DEMO_DATA says otherwise', () => {
    expect(readServerConfig({}).seedDemoData).toBe(true);
    const production = { APP_MODE: 'production', SMTP_URL: 'smtp://mail.example:25' };
    expect(readServerConfig(production).seedDemoData).toBe(false);
    expect(readServerConfig({ ...production, SEED_DEMO_DATA: 'on' }).seedDemoData).toBe(true);
    expect(readServerConfig({ SEED_DEMO_DATA: 'off' }).seedDemoData).toBe(false);
    expect(() => readServerConfig({ SEED_DEMO_DATA: 'yes' })).toThrow(/SEED_DEMO_DATA/);
  });

  it('passes a Sentry DSN on and refuses anything else', () => {
    expect(readServerConfig({}).sentryDsn).toBeUndefined();
    const dsn = 'https://abc123@o1.ingest.sentry.io/4505';
    expect(readServerConfig({ SENTRY_DSN: dsn }).sentryDsn).toBe(dsn);
    expect(() => readServerConfig({ SENTRY_DSN: 'http://abc@host/1' })).toThrow(/SENTRY_DSN/);
    expect(() => readServerConfig({ SENTRY_DSN: 'javascript:alert(1)' })).toThrow(/SENTRY_DSN/);
  });

  it('reads the job queue settings: an instance id per process, expiry and maintenance ≥ 1 s', () => {
    const defaults = readServerConfig({ PORT: '8123' }).jobs;
    expect(defaults).toEqual({
      instanceId: expect.stringMatching(new RegExp(`:8123:${process.pid}$`)),
      expireSeconds: 900,
      maintenanceSeconds: 60,
      archiveEntryDelayMs: 0,
    });
    expect(
      readServerConfig({
        INSTANCE_ID: 'web-2',
        JOB_EXPIRE_SECONDS: '0',
        JOB_MAINTENANCE_SECONDS: '5',
        ARCHIVE_ENTRY_DELAY_MS: '250',
      }).jobs,
    ).toEqual({
      instanceId: 'web-2',
      expireSeconds: 1,
      maintenanceSeconds: 5,
      archiveEntryDelayMs: 250,
    });
    expect(() => readServerConfig({ JOB_EXPIRE_SECONDS: '1m' })).toThrow(/JOB_EXPIRE_SECONDS/);
    expect(() => readServerConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('uses SQLite unless DATABASE_URL names a PostgreSQL database', () => {
    expect(readServerConfig({}).database).toEqual({
      url: undefined,
      poolSize: 10,
      statementTimeoutMs: 30_000,
    });
    const url = 'postgres://app:secret@db.internal:5432/photos';
    expect(
      readServerConfig({
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '25',
        DATABASE_STATEMENT_TIMEOUT_MS: '5000',
      }).database,
    ).toEqual({ url, poolSize: 25, statementTimeoutMs: 5000 });
    expect(readServerConfig({ DATABASE_URL: 'postgresql://db/photos' }).database.url).toBe(
      'postgresql://db/photos',
    );
    for (const wrong of ['mysql://db/photos', 'sqlite:app.db', '/var/lib/app.db', 'postgres://'])
      expect(() => readServerConfig({ DATABASE_URL: wrong })).toThrow(
        /^DATABASE_URL must be a PostgreSQL URL like postgres:\/\//,
      );
    expect(() => readServerConfig({ DATABASE_POOL_SIZE: 'ten' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(readServerConfig({ DATABASE_POOL_SIZE: '0' }).database.poolSize).toBe(1);
    expect(() => readServerConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('refuses nonsense', () => {
    expect(() => readServerConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readServerConfig({ PUBLIC_ORIGIN: 'localhost:8080/app' })).toThrow(
      /PUBLIC_ORIGIN/,
    );
  });
});
