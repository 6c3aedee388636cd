import type { FastifyRequest } from 'fastify';

/**
 * The brand host a report or an analytics batch came from (the host table's names are short and
 * lower case).
 */
export function reportHost(request: FastifyRequest): string {
  const host = (request.hostname || '').toLowerCase();
  // A made-up Host header is not stored as it came: only a plain host name is.
  return /^[a-z0-9.-]{1,255}$/.test(host) ? host : 'unknown';
}
