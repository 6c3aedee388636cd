/**
 * tus's HTTP stack of main (uploads/http-stack.ts) with a log, for tests: every request's method,
 * URL, `Upload-Offset` and body bytes, the most requests in flight at once, and an optional pause
 * before each request (to catch a queue mid-file).
 */
import type { HttpRequest, HttpStack } from 'tus-js-client';
import { createUploadHttpStack } from '../main/uploads/http-stack';

export interface LoggedRequest {
  method: string;
  url: string;
  offset: number | null;
  bytes: number;
}

export interface CountingHttpStack extends HttpStack {
  requests: LoggedRequest[];
  maxInFlight: number;
}

function bodyBytes(body: unknown): number {
  if (body instanceof Uint8Array) return body.byteLength;
  const size = (body as { size?: unknown } | null)?.size;
  return typeof size === 'number' ? size : 0;
}

export function countingHttpStack(options: { delayMs?: number } = {}): CountingHttpStack {
  const inner = createUploadHttpStack();
  let inFlight = 0;
  const stack: CountingHttpStack = {
    requests: [],
    maxInFlight: 0,
    getName: () => 'CountingHttpStack',
    createRequest(method, url): HttpRequest {
      const request = inner.createRequest(method, url);
      const send = request.send.bind(request);
      const abort = request.abort.bind(request);
      let aborted = false;
      request.abort = () => {
        aborted = true;
        return abort();
      };
      request.send = async (body: unknown) => {
        inFlight += 1;
        stack.maxInFlight = Math.max(stack.maxInFlight, inFlight);
        try {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          // Logged as it goes on the wire: one aborted before that is never sent.
          if (!aborted) {
            const offset = request.getHeader('Upload-Offset');
            stack.requests.push({
              method,
              url,
              offset: offset === undefined ? null : Number(offset),
              bytes: bodyBytes(body),
            });
          }
          return await send(body);
        } finally {
          inFlight -= 1;
        }
      };
      return request;
    },
  };
  return stack;
}
