import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../src/seed/users.ts';
import { userDocumentsDir } from '../../src/modules/orders/order-documents.ts';
import { ContentStore } from '../../src/storage/content-store.ts';
import { signIn, SignInError } from '../../src/testing/sign-in.ts';
import type { SignInResult } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { call, lastLink } from '../mail/mailbox-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(async () => {
  await server.close();
});

const identityPath = (session: SignInResult) =>
  `/api/identity/v2/identities/${session.claims.idp_type}/${session.claims.idp_sub}`;

/** Rows of every table that name the user in a user-ish column (the schema as it is today). */
async function rowsNaming(userId: string): Promise<Record<string, number>> {
  const db = server.app.deps.db;
  // The schema as the database reports it, on SQLite and PostgreSQL alike (there, the app's
  // tables in `public`, not the job queue's own schema).
  const tables = (await db.introspection.getTables()).filter(
    (table) => table.schema === undefined || table.schema === 'public',
  );
  const found: Record<string, number> = {};
  for (const { name, columns } of tables) {
    for (const column of columns) {
      if (!/^(user_id|owner_id|account_id|added_by|id)$/.test(column.name)) continue;
      const result = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(name)} where ${sql.ref(column.name)} = ${userId}`.execute(
        db,
      );
      const n = Number(result.rows[0]?.n ?? 0);
      if (n > 0) found[`${name}.${column.name}`] = n;
    }
  }
  const oidc = await sql<{
    n: number;
  }>`select count(*) as n from oidc_payloads where payload like ${`%${userId}%`}`.execute(db);
  if (Number(oidc.rows[0]?.n) > 0) found.oidc_payloads = Number(oidc.rows[0]?.n);
  return found;
}

describe('account deletion', () => {
  it('end to end: mail, confirm, and the account, its sessions, photos, files and albums are gone', async () => {
    const db = server.app.deps.db;
    const demoId = demoUserId('demo');
    const friendId = demoUserId('friend');
    const store = new ContentStore(server.app.deps.paths.storage);
    const demo = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const friend = await signIn(server.origin, 'friend@example.com', 'demo1234');

    // What demo has before: photos whose content only demo uses, and content friend shares.
    const demoHashes = new Set(
      (
        await db.selectFrom('photos').select('content_hash').where('user_id', '=', demoId).execute()
      ).map((r) => r.content_hash),
    );
    const friendHashes = new Set(
      (
        await db
          .selectFrom('photos')
          .select('content_hash')
          .where('user_id', '=', friendId)
          .execute()
      ).map((r) => r.content_hash),
    );
    const onlyDemo = [...demoHashes].filter((hash) => !friendHashes.has(hash));
    const shared = [...demoHashes].filter((hash) => friendHashes.has(hash));
    expect(onlyDemo.length).toBeGreaterThan(0);
    expect(shared.length).toBeGreaterThan(0);
    // The seed wrote demo's order, invoice and product PDFs into demo's documents folder.
    const documents = userDocumentsDir(server.app.deps.paths.dataDir, demoId);
    expect(existsSync(documents)).toBe(true);
    for (const hash of [...onlyDemo, ...shared])
      expect(existsSync(store.originalPath(hash))).toBe(true);
    expect(await rowsNaming(demoId)).toHaveProperty(['users.id'], 1);
    // A photo of demo's waits in Recently deleted: it goes with the account, files and all.
    const trashed = await db
      .selectFrom('photos')
      .select('id')
      .where('user_id', '=', demoId)
      .where('content_hash', 'in', onlyDemo)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('album_photos').select('photo_id').whereRef('photo_id', '=', 'photos.id'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const trashing = await call(server.origin, 'DELETE', '/api/photo/photos', {
      token: demo.accessToken,
      body: { photoIds: [trashed.id] },
    });
    expect(trashing.status).toBe(200);
    expect(await rowsNaming(demoId)).toHaveProperty(['trashed_photos.user_id'], 1);

    const wedding = await db
      .selectFrom('albums')
      .selectAll()
      .where('name', '=', 'Wedding of Sam & Alex')
      .executeTakeFirstOrThrow();
    const trip = await db
      .selectFrom('albums')
      .selectAll()
      .where('name', '=', 'Trip with friends')
      .executeTakeFirstOrThrow();
    const demoInWedding = await db
      .selectFrom('album_photos')
      .innerJoin('photos', 'photos.id', 'album_photos.photo_id')
      .select('photos.id')
      .where('album_photos.album_id', '=', wedding.id)
      .where('photos.user_id', '=', demoId)
      .execute();
    expect(demoInWedding.length).toBeGreaterThan(0);
    const friendInTrip = await db
      .selectFrom('album_photos')
      .innerJoin('photos', 'photos.id', 'album_photos.photo_id')
      .select('photos.id')
      .where('album_photos.album_id', '=', trip.id)
      .where('photos.user_id', '=', friendId)
      .execute();
    expect(friendInTrip.length).toBeGreaterThan(0);

    // Request: a mail to demo's address with the confirmation link on the brand host.
    const requested = await call(server.origin, 'POST', `${identityPath(demo)}/deleteaccount`, {
      token: demo.accessToken,
      body: { channel: 'photobox-uk' },
      host: `photobox-uk.localhost:${server.port}`,
    });
    expect(requested.status).toBe(202);
    const { mail, link, token } = await lastLink(
      server.origin,
      'demo@example.com',
      '/delete-account-confirmation',
    );
    expect(mail.subject).toBe('Confirm the deletion of your Photobox account');
    expect(link.origin).toBe(`http://photobox-uk.localhost:${server.port}`);

    // Friend can neither use demo's identity path nor demo's token on its own identity.
    expect(
      (
        await call(
          server.origin,
          'POST',
          `${identityPath(demo)}/deleteaccount/${token}/actions/confirm`,
          { token: friend.accessToken },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          server.origin,
          'POST',
          `${identityPath(friend)}/deleteaccount/${token}/actions/confirm`,
          { token: friend.accessToken },
        )
      ).status,
    ).toBe(404);

    const confirmed = await call(
      server.origin,
      'POST',
      `${identityPath(demo)}/deleteaccount/${token}/actions/confirm`,
      { token: demo.accessToken },
    );
    expect(confirmed).toMatchObject({ status: 200, body: { accountDeleted: true } });

    // Every row naming demo is gone (any table with a user column, present or added later),
    // and the provider's sessions, grants and tokens with them.
    expect(await rowsNaming(demoId)).toEqual({});
    // Files: content only demo used is deleted; content friend also uses stays.
    for (const hash of onlyDemo) expect(existsSync(store.originalPath(hash)), hash).toBe(false);
    for (const hash of onlyDemo) expect(existsSync(store.thumbnailPath(hash, 300))).toBe(false);
    for (const hash of shared) expect(existsSync(store.originalPath(hash))).toBe(true);
    expect(existsSync(documents), 'the PDFs of the deleted account').toBe(false);

    // Shared albums: demo's own is gone for friend too, friend's photos in it stay friend's;
    // friend's album loses demo's uploads and its count follows.
    expect(
      await db.selectFrom('albums').select('id').where('id', '=', trip.id).executeTakeFirst(),
    ).toBeUndefined();
    const stillFriends = await db
      .selectFrom('photos')
      .select('id')
      .where(
        'id',
        'in',
        friendInTrip.map((p) => p.id),
      )
      .execute();
    expect(stillFriends).toHaveLength(friendInTrip.length);
    const weddingAfter = await db
      .selectFrom('albums')
      .selectAll()
      .where('id', '=', wedding.id)
      .executeTakeFirstOrThrow();
    expect(weddingAfter.photos_count).toBe(wedding.photos_count - demoInWedding.length);
    const sharedForFriend = await fetch(`${server.origin}/api/photo/shared-albums`, {
      headers: { authorization: `Bearer ${friend.accessToken}` },
    });
    const sharedList = (await sharedForFriend.json()) as { albums: Array<{ albumId: string }> };
    expect(sharedList.albums.map((a) => a.albumId)).not.toContain(trip.id);

    // The old bearer token, the refresh token and the password no longer work.
    expect(
      (await call(server.origin, 'GET', '/api/photo/users', { token: demo.accessToken })).status,
    ).toBe(401);
    const refresh = await fetch(`${server.origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: demo.refreshToken!,
        client_id: 'web',
      }),
    });
    expect(refresh.status).toBe(400);
    await expect(signIn(server.origin, 'demo@example.com', 'demo1234')).rejects.toThrow(
      SignInError,
    );
    // What the app does next: revoke the refresh token and end the provider session, returning
    // to /account-deleted. Both still work for the deleted account (no error page).
    const revoked = await fetch(`${server.origin}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: demo.refreshToken!, client_id: 'web' }),
    });
    expect(revoked.status).toBe(200);
    const returnTo = `http://photobox-uk.localhost:${server.port}/account-deleted`;
    const endSession = new URL(`${server.origin}/oidc/session/end`);
    endSession.search = new URLSearchParams({
      id_token_hint: demo.idToken,
      post_logout_redirect_uri: returnTo,
      client_id: 'web',
    }).toString();
    const logoutPage = await demo.browser.fetch(endSession.toString());
    const logoutHtml = await logoutPage.text();
    expect(logoutPage.status).toBe(200);
    // Our sign-out page in the brand of post_logout_redirect_uri, not the provider's bare one.
    expect(logoutHtml).toContain('<html lang="en-GB">');
    expect(logoutHtml).toContain('<span class="brand">Photobox</span>');
    expect(logoutHtml).toContain('>Sign out</button>');
    const action = /<form[^>]*action="([^"]+)"/.exec(logoutHtml)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logoutHtml)![1]!;
    const done = await demo.browser.fetch(new URL(action, server.origin).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(returnTo);

    // Friend is unaffected.
    expect(
      (await call(server.origin, 'GET', '/api/photo/users', { token: friend.accessToken })).status,
    ).toBe(200);
  }, 60_000);
});
