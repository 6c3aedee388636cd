import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { HttpError } from '../../http/http-error.ts';
import { contentDisposition, downloadFileName } from '../../storage/file-names.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { IMAGE_VARIANTS } from './photo-presenter.ts';
import { canReadPhoto } from './photos-repository.ts';
import { checkSignedLink, signedLinkQuerySchema } from './signing.ts';
import { ownTrashedPhotoFile } from './trash-repository.ts';

const paramsSchema = z.object({ id: z.uuid() });
const querySchema = signedLinkQuerySchema.extend({ v: z.enum(IMAGE_VARIANTS) });

/**
 * Image bytes for `<img>` tags and direct downloads. The URL (from a photo response) carries
 * viewer, expiry and an HMAC over photo + viewer + expiry; on top, the viewer must still own
 * the photo or read it through a shared album, so leaving an album revokes its URLs. A photo
 * in Recently deleted stays viewable by its owner only (the Recently deleted view shows it).
 */
export function imagesRoutes(app: ZodApp, ctx: PhotoContext): void {
  app.get(
    '/images/:id',
    {
      schema: {
        tags: ['photo-management: photos'],
        summary: 'Original or thumbnail bytes (signed URL from a photo response)',
        params: paramsSchema,
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { u, e, s, v: variant } = request.query;
      checkSignedLink('image', e, () => ctx.imageUrls.verify(id, u, e, s));
      const photo =
        (await canReadPhoto(ctx.db, u, id)) ?? (await ownTrashedPhotoFile(ctx.db, u, id));
      if (!photo) throw new HttpError(404, 'Photo not found', 'params.id');
      const original = variant === 'original' || variant === 'download';
      const file = original
        ? ctx.store.originalPath(photo.contentHash)
        : ctx.store.thumbnailPath(photo.contentHash, Number(variant));
      let info = await stat(file).catch(() => undefined);
      // A thumbnail asked for before its background job ran is made now.
      if (!info && !original) {
        await ctx.thumbnails.ensure(photo.contentHash);
        info = await stat(file).catch(() => undefined);
      }
      if (!info) throw new HttpError(404, 'Image file not found', 'params.id');
      const etag = `"${photo.contentHash.slice(0, 32)}-${variant}"`;
      const maxAge = Math.max(0, e - Math.floor(Date.now() / 1000));
      reply
        .header('Content-Type', original ? photo.mimeType : 'image/jpeg')
        .header('Content-Length', String(info.size))
        .header('Cache-Control', `private, max-age=${maxAge}, immutable`)
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff');
      if (variant === 'download')
        reply.header(
          'Content-Disposition',
          contentDisposition('attachment', downloadFileName(photo.localFileName, photo.mimeType)),
        );
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(createReadStream(file));
    },
  );
}
