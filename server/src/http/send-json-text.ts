import type { FastifyReply } from 'fastify';

/**
 * Sends prebuilt JSON text (e.g. a photo page from the presenter): Fastify passes a payload
 * with a JSON content type through unserialized, so the body is never re-validated or
 * re-stringified. The route's response schema still documents the shape; tests check the text
 * against it. Sent as bytes: encoded once here, where a string would be measured (UTF-8
 * length) and then encoded again by the response compression.
 */
export function sendJsonText(reply: FastifyReply | { type: unknown }, text: string): FastifyReply {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(Buffer.from(text));
}
