import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';

export interface MailboxMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  receivedAt: string;
}

/** The mails the development mailbox received for `to`, newest first (`/dev/mailbox.json`). */
export async function mailsTo(origin: string, to: string): Promise<MailboxMail[]> {
  const response = await fetch(`${origin}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { mails: MailboxMail[] }).mails;
}

/** The newest mail to `to` and its link to `path` (e.g. `/change-email-confirmation`). */
export async function lastLink(
  origin: string,
  to: string,
  path: string,
): Promise<{ mail: MailboxMail; link: URL; token: string }> {
  const [mail] = await mailsTo(origin, to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const href = mail!.links.find((link) => new URL(link).pathname === path);
  expect(href, `a link to ${path} in "${mail!.subject}"`).toBeDefined();
  const link = new URL(href!);
  return { mail: mail!, link, token: link.searchParams.get('confirmation-token')! };
}

/**
 * JSON call with an optional bearer token and Host header. Node's fetch ignores a Host header,
 * so this uses node:http to reach `origin` as a brand host would (`albelli-nl.localhost:port`).
 */
export function call(
  origin: string,
  method: string,
  path: string,
  { token, body, host }: { token?: string; body?: unknown; host?: string } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: IncomingHttpHeaders }> {
  const url = new URL(path, origin);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(host ? { host } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
            headers: res.headers,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
