import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postgresSeedTemplate, seedKey, seedTemplate } from '../../src/testing/seed-template.ts';
import { adminPool, testPostgresUrl } from '../../src/testing/test-database.ts';
import { startTestServer } from '../../src/testing/test-server.ts';

const postgresUrl = testPostgresUrl();

/** Every file under `dir`, relative, sorted. */
function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesOf(dir, join(prefix, entry.name))
        : entry.isFile()
          ? [join(prefix, entry.name)]
          : [],
    )
    .sort();
}

describe('the demo-data template test servers are copied from', () => {
  it('gives each server a private copy: what one deletes, the template and the next server keep', async () => {
    const template = postgresUrl
      ? (await postgresSeedTemplate(postgresUrl)).dir
      : await seedTemplate();
    const templateFiles = filesOf(template);
    const first = await startTestServer({ seed: true });
    const second = await startTestServer({ seed: true });
    let databases: string[] = [];
    try {
      const { db } = first.app.deps;
      const photos = await db
        .selectFrom('photos')
        .select(['id', 'content_hash'])
        .limit(1)
        .execute();
      const { id, content_hash: hash } = photos[0]!;
      expect(await db.selectFrom('users').select('id').execute()).not.toHaveLength(0);

      // The database is a copy: a row deleted on one server is still on the other.
      await db.deleteFrom('photos').where('id', '=', id).execute();
      const other = await second.app.deps.db
        .selectFrom('photos')
        .select('id')
        .where('id', '=', id)
        .execute();
      expect(other).toHaveLength(1);

      // The content store is shared by hard links: removing a file unlinks that copy only.
      const stored = filesOf(join(first.dataDir, 'storage')).filter((file) => file.includes(hash));
      expect(stored.length).toBeGreaterThan(0);
      const original = join('storage', stored[0]!);
      expect(statSync(join(first.dataDir, original)).ino).toBe(
        statSync(join(template, original)).ino,
      );
      await rm(join(first.dataDir, original));
      expect(existsSync(join(template, original))).toBe(true);
      expect(existsSync(join(second.dataDir, original))).toBe(true);

      if (postgresUrl) {
        // Each server has a database of its own, copied from the template database.
        databases = await Promise.all(
          [first, second].map(async (server) => {
            const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
              server.app.deps.db,
            );
            return rows[0]!.name;
          }),
        );
        expect(new Set(databases).size).toBe(2);
        expect(databases).not.toContain((await postgresSeedTemplate(postgresUrl)).database);
      } else {
        // The database file is never a link to the template's.
        expect(statSync(join(first.dataDir, 'app.db')).ino).not.toBe(
          statSync(join(template, 'app.db')).ino,
        );
      }
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    expect(filesOf(template)).toEqual(templateFiles);
    if (postgresUrl) {
      // Closing a server drops its database; the template stays.
      const { rows } = await adminPool(postgresUrl).query<{ datname: string }>(
        'select datname from pg_database',
      );
      const names = rows.map((row) => row.datname);
      expect(names).toContain((await postgresSeedTemplate(postgresUrl)).database);
      for (const database of databases) expect(names).not.toContain(database);
    }
  });

  it('is made again for another day, since orders and projects are dated from the day they are made', async () => {
    const today = await seedKey(new Date('2026-11-25T12:00:00Z'));
    expect(await seedKey(new Date('2026-11-25T23:59:00Z'))).toBe(today);
    expect(await seedKey(new Date('2026-11-26T00:01:00Z'))).not.toBe(today);
  });
});

describe('closing a test server', () => {
  it('does not wait for a client that never finishes its request', async () => {
    const server = await startTestServer({ seed: false });
    // Headers never completed: Node would keep the connection until its 60 s header timeout.
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /config.json HTTP/1.1\r\nHost: localhost\r\n');
    socket.on('error', () => {});
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    socket.destroy();
  });
});
