import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BODY_WRITE_BYTES, createUploadHttpStack } from './http-stack';

interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let origin: string;
let received: Received[];

beforeEach(async () => {
  received = [];
  server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        headers: request.headers,
        body: Buffer.concat(parts),
      });
      response.writeHead(201, { 'Upload-Offset': '7', 'Content-Type': 'application/json' });
      response.end('{"status":"created"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  // Node's agent keeps connections alive: close them, or close() waits for them.
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// Uploads from the desktop app declare their length and go out in large writes
// (docs/architecture.md "Uploads"), not as chunked pieces of 16 KB.
describe('the main process upload HTTP stack', () => {
  it('sends bytes with their length in 1 MiB writes, each reported once the socket took it', async () => {
    const body = randomBytes(2 * BODY_WRITE_BYTES + 500_000);
    const request = createUploadHttpStack().createRequest('POST', `${origin}/files`);
    request.setHeader('Tus-Resumable', '1.0.0');
    const progress: number[] = [];
    request.setProgressHandler((sent) => progress.push(sent));
    const response = await request.send(body);

    expect(response.getStatus()).toBe(201);
    expect(response.getHeader('Upload-Offset')).toBe('7');
    expect(response.getBody()).toBe('{"status":"created"}');
    const [sent] = received;
    expect(sent?.headers['content-length']).toBe(String(body.byteLength));
    expect(sent?.headers['transfer-encoding']).toBeUndefined();
    expect(sent?.headers['tus-resumable']).toBe('1.0.0');
    expect(sent?.body.equals(body)).toBe(true);
    expect(progress).toEqual([BODY_WRITE_BYTES, 2 * BODY_WRITE_BYTES, body.byteLength]);
  });

  it('sends a request without a body, and refuses a body that is not bytes', async () => {
    const stack = createUploadHttpStack();
    const response = await stack.createRequest('DELETE', `${origin}/files/1`).send(null);
    expect(response.getStatus()).toBe(201);
    expect(received[0]?.method).toBe('DELETE');
    expect(received[0]?.body.byteLength).toBe(0);
    await expect(
      stack.createRequest('PATCH', `${origin}/files/1`).send(new Blob(['x'])),
    ).rejects.toThrow('must be bytes');
  });

  it('reaches a *.localhost name on loopback, with its Host header', async () => {
    const port = new URL(origin).port;
    const request = createUploadHttpStack().createRequest(
      'POST',
      `http://albelli-nl.localhost:${port}/files`,
    );
    await request.send(new Uint8Array([1, 2, 3]));
    expect(received[0]?.headers.host).toBe(`albelli-nl.localhost:${port}`);
  });

  it('rejects when aborted mid-body', async () => {
    server.removeAllListeners('request');
    // A server that never reads: the body cannot drain, and abort ends the request.
    server.on('request', () => undefined);
    const request = createUploadHttpStack().createRequest('PATCH', `${origin}/files/1`);
    const sending = request.send(randomBytes(16 * BODY_WRITE_BYTES));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await request.abort();
    await expect(sending).rejects.toBeTruthy();
  });
  it('never sends a request aborted before it was sent (a file withdrawn while its creation waited)', async () => {
    const request = createUploadHttpStack().createRequest('POST', `${origin}/files`);
    await request.abort();
    await expect(request.send(new Uint8Array(10))).rejects.toThrow('aborted');
    // A request sent after it to the same server arrives: the first one never did.
    await createUploadHttpStack().createRequest('POST', `${origin}/files`).send(new Uint8Array(0));
    expect(received).toHaveLength(1);
  });
});
