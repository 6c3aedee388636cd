import { describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../src/mail/smtp-sink.ts';
import type { SinkMessage } from '../../src/mail/smtp-sink.ts';
import { startTestServer } from '../../src/testing/test-server.ts';

describe('/dev/mailbox', () => {
  it('lists received mail newest first with subject, recipient, body and clickable links', async () => {
    const server = await startTestServer({ seed: false });
    try {
      await server.app.deps.mail.send({
        to: 'reader@example.com',
        subject: 'First <b>mail</b>',
        text: 'Hello <script>alert(1)</script>\nhttps://example.com/one',
      });
      await server.app.deps.mail.send({
        to: 'other@example.com',
        subject: 'Second',
        text: 'javascript:alert(1) is no link; http://localhost/two?a=1&b=2 is',
      });

      const page = await fetch(`${server.origin}/dev/mailbox`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First'));
      expect(html).toContain('First &#60;b&#62;mail&#60;/b&#62;');
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('<a href="https://example.com/one">');
      expect(html).toContain('<a href="http://localhost/two?a=1&#38;b=2">');
      expect(html).not.toContain('href="javascript:');
      expect(html).toContain('reader@example.com');

      const json = await fetch(`${server.origin}/dev/mailbox.json?to=READER@example.com`);
      const { mails } = (await json.json()) as {
        mails: Array<{ subject: string; links: string[] }>;
      };
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        subject: 'First <b>mail</b>',
        links: ['https://example.com/one'],
      });

      const bad = await fetch(`${server.origin}/dev/mailbox.json?to=nope&limit=0`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        statusCode: 400,
        field: expect.stringMatching(/^query\./),
      });
    } finally {
      await server.close();
    }
  });

  it('is not served in production mode, where mail goes to SMTP_URL', async () => {
    const received: SinkMessage[] = [];
    const smtp = await startSmtpSink(async (message) => {
      received.push(message);
    });
    const server = await startTestServer({
      seed: false,
      env: { APP_MODE: 'production', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    });
    try {
      const page = await fetch(`${server.origin}/dev/mailbox`);
      expect(page.status).toBe(404);
      expect(await page.json()).toMatchObject({ statusCode: 404, field: 'url' });
      expect((await fetch(`${server.origin}/dev/mailbox.json`)).status).toBe(404);
      await server.app.deps.mail.send({ to: 'ops@example.com', subject: 'Via SMTP', text: 'hi' });
      expect(received.map((m) => m.subject)).toEqual(['Via SMTP']);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});
