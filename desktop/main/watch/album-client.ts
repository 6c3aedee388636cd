/**
 * The albums a watched folder fills, made through the photo API (`POST /albums`, as the web's
 * "New album" does) with main's bearer token. An album kept in a watch's record is checked once
 * per run (`GET /albums/{id}`) and made again when the user has deleted it meanwhile.
 */
import { albumNameSchema, createAlbumResponseSchema } from '@photo/core/api/schemas/album';

export interface AlbumClientDeps {
  /** Absolute photo API base URL (`PhotoManagementShareApiBaseUrl`, resolved). */
  photoApiUrl: () => Promise<string>;
  getAccessToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

/**
 * A folder name as an album name the API takes (no `<`, `>`, `;` or control characters, at most
 * 255 long); a name with nothing left becomes `fallback`.
 */
export function albumNameOf(folderName: string, fallback = 'Photos'): string {
  const name = folderName
    .replace(/[<>;\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255)
    .trim();
  return albumNameSchema.safeParse(name).success ? name : fallback;
}

export function createAlbumClient(deps: AlbumClientDeps) {
  const doFetch = deps.fetch ?? fetch;

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const token = await deps.getAccessToken();
    if (!token) throw new Error('Not signed in');
    const base = (await deps.photoApiUrl()).replace(/\/+$/, '');
    return doFetch(`${base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
  }

  /** Makes an album named `name`; answers its id. */
  async function create(name: string): Promise<string> {
    const response = await call('/albums', {
      method: 'POST',
      body: JSON.stringify({ name: albumNameOf(name) }),
    });
    if (!response.ok) throw new Error(`The album could not be made (${response.status})`);
    return createAlbumResponseSchema.parse(await response.json()).albumId;
  }

  /** False when the album is gone (deleted by the user); throws when the server cannot say. */
  async function exists(albumId: string): Promise<boolean> {
    const response = await call(`/albums/${encodeURIComponent(albumId)}`);
    await response.body?.cancel();
    if (response.status === 404) return false;
    if (!response.ok) throw new Error(`The album could not be read (${response.status})`);
    return true;
  }

  return { create, exists };
}

export type AlbumClient = ReturnType<typeof createAlbumClient>;
