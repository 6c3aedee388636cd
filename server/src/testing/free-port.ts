import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on right now, for a server, an instance or a browser's DevTools
 * endpoint that needs its port before it starts (an issuer URL, an nginx upstream...).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
