import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bodies below this many bytes go out as they are: compressing them saves less than a packet. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * The largest body compressed in one synchronous call. A 500-photo page is about 640 KB of
 * JSON; brotli quality 1 compresses it in under 1 ms on the event loop, less than the
 * stream path costs in chunking and thread-pool hand-offs on a 2-core machine (the plugin's
 * default, 8 KB on 2 cores, would stream every page). Bigger bodies (none of ours today)
 * still stream, so the event loop is never held for long.
 */
const SYNC_THRESHOLD = 2 * 1024 * 1024;

/** Brotli as the responses use it (see {@link registerCompression}); benches measure with it. */
export const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 1,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};

/**
 * Text the browser can use after decoding: JSON (API, config, locales, OpenAPI), HTML, CSS,
 * JavaScript, XML and SVG. Anything else, above all images (JPEG/PNG/HEIC are compressed
 * already) and the download zips (store mode, sent with a Content-Length the client relies
 * on), goes out untouched. Unlike the plugin's default this never compresses octet-stream.
 */
export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type.startsWith('text/')) return type !== 'text/event-stream';
  return (
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'image/svg+xml'
  );
}

/**
 * HTTP response compression for every route registered after it (register it before any
 * route, and before @fastify/static). Encodings in the server's order of preference:
 * - `br` at quality 1: on a 638 KB photo page, 65 KB in 0.8 ms, where gzip level 1 takes
 *   1.8 ms for 69 KB and brotli's usual quality 4 takes 3 ms for 62 KB. The bytes saved
 *   by higher settings are not worth the CPU on a hot API whose pages are generated per
 *   request (signed URLs), and so cannot be compressed once ahead of time.
 * - `gzip`/`deflate` at level 1 for clients without brotli.
 * zstd is left out: Node 20 has none, and on newer Node it would bypass these tuned settings.
 * Hijacked replies (the OIDC provider's Koa app, the push websocket) never reach the hook.
 * Request bodies are not decompressed: no client sends them, and it would open a door to
 * decompression bombs.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip', 'deflate'],
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: SYNC_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: { level: 1 },
    customTypes: isCompressibleType,
    globalDecompression: false,
  });
}
