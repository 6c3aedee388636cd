import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { WebSocketServer } from 'ws';
import type { ClientConfig } from '@photo/core/api/schemas/config';
import {
  buildContentSecurityPolicy,
  clientConfigOrigins,
} from '@photo/core/api/schemas/security-policy';

/**
 * Browser features the app never uses: off for it and anything it could ever embed. Only
 * features Chromium knows: an unknown one is logged as an error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** One year, subdomains included: only ever sent over https. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of the web app: its own origin, every origin `/config.json`
 * names, and the public origin (the signed photo, archive and PDF URLs are built on it).
 */
export function appContentSecurityPolicy(clientConfig: ClientConfig, publicOrigin: string): string {
  return buildContentSecurityPolicy({
    origins: [publicOrigin, ...clientConfigOrigins(clientConfig)],
    report: true,
  });
}

/**
 * The security headers of every answer (docs/architecture.md "Security headers"), set when the
 * request arrives on the raw response, so the web app, the APIs, errors, 404s, downloads and the
 * sign-in provider's own Koa answers all carry them. A server-rendered page (sign-in, mailbox)
 * replaces the CSP with its nonce variant of the same builder. Register before any route.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  {
    contentSecurityPolicy,
    trustProxy,
  }: {
    contentSecurityPolicy: string;
    /** Whether X-Forwarded-Proto is believed (the app's own `trustProxy`). */
    trustProxy: boolean;
  },
): Promise<void> {
  await app.register(fastifyHelmet, {
    // Built by the shared builder above, not by helmet's defaults.
    contentSecurityPolicy: false,
    // Sent below, and only over https: on plain http it would be ignored at best.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Brand hosts show the photos signed on the public origin: another site in production.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    raw.setHeader('Content-Security-Policy', contentSecurityPolicy);
    raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    // `request.protocol` honours X-Forwarded-Proto only when the app trusts its proxy
    // (`trustProxy`, set when the public origin is https).
    if (request.protocol === 'https') raw.setHeader('Strict-Transport-Security', HSTS_VALUE);
  });
  // A websocket handshake (`101 Switching Protocols`) is written by the `ws` server itself,
  // not through the reply: give it the headers that mean something there.
  app.addHook('onReady', async () => {
    const sockets = (app as { websocketServer?: WebSocketServer }).websocketServer;
    sockets?.on('headers', (headers: string[], request: IncomingMessage) => {
      headers.push('X-Content-Type-Options: nosniff', `Permissions-Policy: ${PERMISSIONS_POLICY}`);
      const forwarded = String(request.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim();
      const encrypted = 'encrypted' in request.socket && request.socket.encrypted === true;
      if (encrypted || (trustProxy && forwarded === 'https'))
        headers.push(`Strict-Transport-Security: ${HSTS_VALUE}`);
    });
  });
}
