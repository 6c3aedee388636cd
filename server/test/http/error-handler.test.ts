// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { createAlbumRequestSchema } from '@photo/core/api/schemas/album';
import { deletePhotosRequestSchema } from '@photo/core/api/schemas/photo';
import { describe, expect, it } from 'vitest';
import { toErrorBody } from '../../src/http/error-handler.ts';

/** Shared schemas are zod/mini: their errors are core `$ZodError`s, not classic `ZodError`s. */
function thrownBy(parse: () => unknown): unknown {
  try {
    parse();
  } catch (error) {
    return error;
  }
  throw new Error('expected the parse to throw');
}

describe('toErrorBody with errors of the shared (zod/mini) schemas', () => {
  it('answers 400 naming the field, with the schema’s own message', () => {
    const error = thrownBy(() => createAlbumRequestSchema.parse({ name: 5 }));
    expect(toErrorBody(error)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Please give your album a name',
      field: 'body.name',
    });
  });

  it('gives zod’s English message where the schema sets none', () => {
    const error = thrownBy(() => deletePhotosRequestSchema.parse({ photoIds: [] }));
    expect(toErrorBody(error)).toMatchObject({
      statusCode: 400,
      field: 'body.photoIds',
      message: 'Too small: expected array to have >=1 items',
    });
  });
});
