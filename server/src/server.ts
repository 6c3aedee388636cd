import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { brandHosts, brandRedirects } from './config/brand-hosts.ts';
import { originPort, readServerConfig } from './config/server-config.ts';
import { seedDemoData } from './seed/index.ts';
import { businessStatusUsers } from './seed/customers.ts';
import { DEMO_PASSWORD, demoUsers } from './seed/users.ts';

/**
 * `npm start`: the reference server on PORT (8080) with DATA_DIR (.data/), seeded once.
 * It listens on `localhost` (127.0.0.1 and ::1), which is where Chromium sends `localhost`,
 * `127.0.0.1` and every `*.localhost` brand host; set HOST=0.0.0.0 or :: to expose it.
 */
async function main(): Promise<void> {
  const config = readServerConfig(process.env);
  mkdirSync(config.dataDir, { recursive: true });
  const app = await buildApp({
    dataDir: config.dataDir,
    port: config.port,
    publicOrigin: config.publicOrigin,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });

  const { createdUsers } = config.seedDemoData
    ? await seedDemoData(app.deps)
    : { createdUsers: false };
  await app.listen({ port: config.port, host: config.host });

  // Behind a proxy (npm run start:cluster) browsers use the public origin's port, not ours.
  const brandPort = originPort(config.publicOrigin);
  const lines = [
    '',
    `Photo account reference server on ${config.publicOrigin}  (data: ${config.dataDir}${createdUsers ? ', freshly seeded' : ''})`,
    '',
    'Brands:',
    ...brandHosts.map((brand) => {
      const redirect = brandRedirects[brand.host]
        ? `  → redirects to ${brandRedirects[brand.host]}`
        : '';
      const label = brand.brandLabel || 'default brand';
      return `  http://${brand.host}:${brandPort}/  ${label} ${brand.locale}${redirect}`;
    }),
    '',
    ...(config.seedDemoData
      ? [
          'Demo logins:',
          ...Object.values(demoUsers).map(
            (user) => `  ${user.email} / ${user.password}  (${user.kind})`,
          ),
          ...businessStatusUsers.map(
            (user) => `  ${user.email} / ${DEMO_PASSWORD}  (business, status ${user.status})`,
          ),
        ]
      : ['No demo data (SEED_DEMO_DATA=off).']),
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  console.info(lines.join('\n'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Closes websockets, the HTTP server and the database (onClose hooks), then exits 0.
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
