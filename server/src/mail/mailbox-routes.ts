import { randomBytes } from 'node:crypto';
import { buildPagePolicy } from '@photo/core/api/schemas/security-policy';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { listReceivedMail } from './mailbox-repository.ts';
import type { ReceivedMail } from './mailbox-repository.ts';

const mailboxQuery = z.object({
  to: z.email().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const receivedMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  receivedAt: z.string(),
});

/**
 * A development page (`/dev/*`): the document shell, its own style under a fresh nonce, and the
 * strict page policy (no scripts, no forms).
 */
export function developmentPage(page: { title: string; style: string; body: string }): {
  html: string;
  csp: string;
} {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style nonce="${nonce}">
${page.style}</style>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>`;
  return { html, csp: buildPagePolicy({ nonce, formAction: "'none'", report: true }) };
}

function mailboxPage(mails: ReceivedMail[], to: string | undefined): { html: string; csp: string } {
  const items = mails
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>Received</dt><dd><time datetime="${escapeHtml(mail.receivedAt)}">${escapeHtml(mail.receivedAt.replace('T', ' ').slice(0, 19))} UTC</time></dd>
</dl>
<pre>${escapeHtml(mail.text)}</pre>
${
  mail.links.length
    ? `<h3>Links</h3><ul>${mail.links
        .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
        .join('')}</ul>`
    : ''
}
</article>`,
    )
    .join('\n');
  return developmentPage({
    title: 'Development mailbox',
    style: `body { margin: 0; padding: 16px; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; background: #f4f5f7; }
main { max-width: 880px; margin: 0 auto; }
article { background: #fff; border-radius: 12px; padding: 16px 20px; margin: 16px 0; box-shadow: 0 1px 6px rgba(0,0,0,.08); }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin: 0 0 8px; } h3 { font-size: 1rem; margin: 12px 0 4px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 12px; margin: 0 0 8px; font-size: .9rem; color: #495057; }
dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; background: #f8f9fa; padding: 12px; border-radius: 8px; margin: 0; }
a { color: #0b5cad; overflow-wrap: anywhere; } a:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
`,
    body: `<h1>Development mailbox</h1>
<p>Mail the server sent in development mode, newest first${to ? ` (to ${escapeHtml(to)})` : ''}. <a href="/dev/mailbox">Refresh</a> · <a href="/dev/mailbox.json">JSON</a></p>
${items || '<p>No mail yet.</p>'}`,
  });
}

/**
 * `/dev/mailbox` (HTML) and `/dev/mailbox.json` (for tests): what the development SMTP sink
 * received. Served in development mode only (APP_MODE); in production every `/dev/*` is a 404.
 */
export const mailboxRoutes: FastifyPluginAsync<{ db: Db; enabled: boolean }> = async (
  root,
  { db, enabled },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  if (!enabled) {
    // Not even the web app's SPA fallback: production has no such page.
    app.get('/dev/*', { schema: { hide: true } }, async (request) => {
      throw new HttpError(404, `Route GET ${request.url.split('?')[0]} not found`, 'url');
    });
    return;
  }
  app.get(
    '/dev/mailbox.json',
    {
      schema: {
        tags: ['development'],
        summary: 'Mail received by the development SMTP sink, newest first',
        querystring: mailboxQuery,
        response: { 200: z.object({ mails: z.array(receivedMailSchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { mails: await listReceivedMail(db, request.query) };
    },
  );
  app.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: mailboxQuery } },
    async (request, reply) => {
      const page = mailboxPage(await listReceivedMail(db, request.query), request.query.to);
      return reply
        .header('Content-Security-Policy', page.csp)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
};
