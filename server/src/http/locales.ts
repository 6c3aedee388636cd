import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REPO_ROOT } from '../config/server-config.ts';
import { HttpError } from './http-error.ts';

export const LOCALES_DIR = join(REPO_ROOT, 'core', 'locales');

// `xx-YY.json` only: no dots, slashes or encodings can reach the file system.
const localeParams = z.object({
  file: z.string().regex(/^[a-z]{2}-[A-Z]{2}\.json$/, 'Must be a locale like en-GB.json'),
});

/**
 * `GET /locales/{locale}.json`: the i18next resources of `core/locales/`. The name must be a
 * locale and one of the files actually in that folder, so there is no path to traverse.
 */
export async function localeRoutes(
  app: FastifyInstance,
  { dir = LOCALES_DIR }: { dir?: string },
): Promise<void> {
  app.get('/locales/:file', { schema: { hide: true } }, async (request, reply) => {
    const parsed = localeParams.safeParse(request.params);
    if (!parsed.success) throw new HttpError(404, 'Unknown locale', 'params.locale');
    const { file } = parsed.data;
    const available = await readdir(dir).catch(() => [] as string[]);
    if (!available.includes(file))
      throw new HttpError(404, `Unknown locale ${file.replace(/\.json$/, '')}`, 'params.locale');
    const text = await readFile(join(dir, file), 'utf8');
    return reply
      .header('Cache-Control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(text);
  });
}
