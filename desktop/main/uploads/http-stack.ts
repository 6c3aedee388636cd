/**
 * tus's HTTP stack in main: Node's `http`/`https`, with `*.localhost` names resolved to loopback
 * as Chromium does (RFC 6761), so uploads reach a brand host such as `albelli-nl.localhost` with
 * its Host header intact.
 *
 * Our own rather than tus-js-client's Node stack, which sends a byte array without a
 * Content-Length (chunked transfer encoding) in 16 KB writes: the server then parsed and
 * streamed about 170 small pieces of a 2.7 MB photo instead of about 42 socket reads, and the
 * client made 170 writes. Here the length is declared and the body goes out in 1 MiB writes,
 * each reported as sent once the socket took it (docs/architecture.md "Uploads").
 */
import { lookup as dnsLookup } from 'node:dns';
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/** Bytes per socket write of a request body: few writes, and progress every MiB. */
export const BODY_WRITE_BYTES = 1024 * 1024;

export const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
    return;
  }
  dnsLookup(hostname, options, callback);
};

class NodeUploadResponse implements HttpResponse {
  constructor(
    private readonly response: IncomingMessage,
    private readonly body: string,
  ) {}
  getStatus(): number {
    return this.response.statusCode ?? 0;
  }
  getHeader(header: string): string | undefined {
    const value = this.response.headers[header.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  getBody(): string {
    return this.body;
  }
  getUnderlyingObject(): IncomingMessage {
    return this.response;
  }
}

class NodeUploadRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private onProgress: (bytesSent: number) => void = () => {};
  private request: ClientRequest | null = null;
  private aborted = false;

  constructor(
    private readonly method: string,
    private readonly url: string,
    private readonly options: RequestOptions,
  ) {}

  getMethod(): string {
    return this.method;
  }
  getURL(): string {
    return this.url;
  }
  setHeader(header: string, value: string): void {
    this.headers[header] = value;
  }
  getHeader(header: string): string | undefined {
    return this.headers[header];
  }
  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.onProgress = handler;
  }

  /** Sends the request with `body` (bytes, or nothing); answers once the response has ended. */
  send(body?: unknown): Promise<HttpResponse> {
    // tus may abort a request between making and sending it (a file withdrawn while its
    // creation waits for a token): it must not go out afterwards.
    if (this.aborted)
      return Promise.reject(new Error('The request was aborted before it was sent'));
    if (body !== undefined && body !== null && !(body instanceof Uint8Array))
      return Promise.reject(new TypeError('The upload body must be bytes (a Uint8Array)'));
    const bytes = body ?? new Uint8Array(0);
    return new Promise<HttpResponse>((resolve, reject) => {
      const url = new URL(this.url);
      const headers: Record<string, string> = { ...this.headers };
      if (body) headers['Content-Length'] = String(bytes.byteLength);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(url, { ...this.options, method: this.method, headers });
      this.request = request;
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve(new NodeUploadResponse(response, Buffer.concat(chunks).toString('utf8'))),
        );
      });
      let offset = 0;
      const writeNext = () => {
        while (offset < bytes.byteLength) {
          const piece = bytes.subarray(offset, offset + BODY_WRITE_BYTES);
          offset += piece.byteLength;
          const sent = offset;
          const more = request.write(piece, (error) => {
            if (!error) this.onProgress(sent);
          });
          // An aborted request never drains: nothing more is written to it.
          if (!more && offset < bytes.byteLength) {
            request.once('drain', writeNext);
            return;
          }
        }
        request.end();
      };
      writeNext();
    });
  }

  abort(): Promise<void> {
    this.aborted = true;
    this.request?.destroy();
    return Promise.resolve();
  }

  getUnderlyingObject(): ClientRequest | null {
    return this.request;
  }
}

/** The HTTP stack the desktop app's uploads (and `npm run bench:upload`) send with. */
export function createUploadHttpStack(): HttpStack {
  const options: RequestOptions = { lookup: loopbackLookup };
  return {
    getName: () => 'NodeUploadHttpStack',
    createRequest: (method, url) => new NodeUploadRequest(method, url, options),
  };
}
