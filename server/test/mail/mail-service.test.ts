import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../src/config/server-config.ts';
import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.ts';
import { closeTestDatabase, openTestDatabase } from '../../src/testing/test-database.ts';
import type { Db } from '../../src/db/database.ts';
import { brandForHost, buttonColor, contrastRatio } from '../../src/mail/brand-context.ts';
import { confirmationLink, confirmationMail } from '../../src/mail/confirmation-mails.ts';
import { MailService } from '../../src/mail/mail-service.ts';
import { listReceivedMail } from '../../src/mail/mailbox-repository.ts';
import { ServerTexts } from '../../src/mail/server-texts.ts';
import { startSmtpSink } from '../../src/mail/smtp-sink.ts';
import type { SinkMessage } from '../../src/mail/smtp-sink.ts';

let dir: string;
let db: Db;
const settings = readServerConfig({}).mail;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mail-test-'));
  db = await openTestDatabase(join(dir, 'app.db'));
});
afterAll(async () => {
  await closeTestDatabase(db);
  await rm(dir, { recursive: true, force: true });
});

describe('MailService in development mode', () => {
  it('delivers over SMTP into the mailbox table, with the links of both parts', async () => {
    const mail = new MailService({ settings, appMode: 'development', db });
    try {
      expect(mail.sinkPort).toBeUndefined(); // no port until the first mail
      await mail.send({
        to: 'Someone@Example.com',
        subject: 'Hello ✓',
        text: 'Open https://example.com/a?x=1&y=2 now',
        html: '<p><a href="http://albelli-nl.localhost:8080/b?confirmation-token=abc&amp;email=x%40y.z">b</a></p>',
      });
      expect(mail.sinkPort).toBeGreaterThan(0);
      const [received] = await listReceivedMail(db, { to: 'someone@example.com', limit: 5 });
      expect(received).toMatchObject({
        to: 'someone@example.com',
        subject: 'Hello ✓',
        from: expect.stringContaining('no-reply@localhost'),
      });
      expect(received!.text).toContain('Open https://example.com/a?x=1&y=2 now');
      expect(received!.html).toContain('<a href=');
      expect(received!.links).toEqual([
        'http://albelli-nl.localhost:8080/b?confirmation-token=abc&email=x%40y.z',
        'https://example.com/a?x=1&y=2',
      ]);
    } finally {
      await mail.close();
    }
  });

  it('lists newest first and filters by recipient', async () => {
    const mail = new MailService({ settings, appMode: 'development', db });
    try {
      await mail.send({ to: 'a@example.com', subject: 'first', text: 'one' });
      await mail.send({ to: 'b@example.com', subject: 'other', text: 'two' });
      await mail.send({ to: 'a@example.com', subject: 'second', text: 'three' });
      const forA = await listReceivedMail(db, { to: 'A@example.com', limit: 10 });
      expect(forA.map((m) => m.subject)).toEqual(['second', 'first']);
    } finally {
      await mail.close();
    }
  });
});

describe('MailService with SMTP_URL', () => {
  it('sends to the configured SMTP server, not to the development mailbox', async () => {
    const received: SinkMessage[] = [];
    const external = await startSmtpSink(async (message) => {
      received.push(message);
    });
    const mail = new MailService({
      settings: { ...settings, smtpUrl: `smtp://127.0.0.1:${external.port}` },
      appMode: 'production',
      db,
    });
    try {
      expect(mail.mailboxEnabled).toBe(false);
      await mail.send({ to: 'prod@example.com', subject: 'Real', text: 'via SMTP_URL' });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ recipients: ['prod@example.com'], subject: 'Real' });
      expect(await listReceivedMail(db, { to: 'prod@example.com', limit: 5 })).toEqual([]);
    } finally {
      await mail.close();
      await external.close();
    }
  });

  it('delivers a mail the SMTP server refused later, from the job queue, with a growing pause', async () => {
    const tries: number[] = [];
    const received: SinkMessage[] = [];
    const flaky = await startSmtpSink(async (message) => {
      tries.push(Date.now());
      // The first three tries are refused: the request's own and two retries.
      if (tries.length <= 3) throw new Error('451 try again later');
      received.push(message);
    });
    const jobs = new InProcessJobQueue();
    const mail = new MailService({
      settings: { ...settings, smtpUrl: `smtp://127.0.0.1:${flaky.port}` },
      appMode: 'production',
      db,
      jobs,
      retryDelaySeconds: 0.2,
    });
    await mail.start();
    try {
      // The caller is not held up by the refusal.
      await mail.deliver({ to: 'later@example.com', subject: 'Eventually', text: 'hi' });
      expect(received).toHaveLength(0);
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        recipients: ['later@example.com'],
        subject: 'Eventually',
      });
      expect(tries).toHaveLength(4);
      // 0.2 s before the queued send, then 0.2 s and 0.4 s between its retries.
      expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(180);
      expect(tries[3]! - tries[2]!).toBeGreaterThanOrEqual(380);
    } finally {
      await jobs.stop();
      await mail.close();
      await flaky.close();
    }
  });

  it('production mode without SMTP_URL refuses to start', () => {
    expect(() => readServerConfig({ APP_MODE: 'production' })).toThrow(/SMTP_URL/);
    expect(() => readServerConfig({ APP_MODE: 'staging' })).toThrow(/APP_MODE/);
    expect(() => readServerConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(readServerConfig({ APP_MODE: 'production', SMTP_URL: 'smtp://mail:25' })).toMatchObject({
      appMode: 'production',
      mail: { smtpUrl: 'smtp://mail:25' },
    });
  });
});

describe('confirmation mails', () => {
  const texts = new ServerTexts();
  const options = { publicOrigin: 'http://localhost:8080', port: 8080 };

  it('links back to the brand host the request came on, never to a foreign host', () => {
    expect(brandForHost('albelli-nl.localhost:8080', options)).toMatchObject({
      origin: 'http://albelli-nl.localhost:8080',
      locale: 'nl-NL',
      country: 'NL',
    });
    expect(brandForHost('evil.example.com', options).origin).toBe('http://localhost:8080');
    expect(brandForHost(undefined, options).locale).toBe('en-GB');
    const brand = brandForHost('albelli-nl.localhost', options);
    expect(confirmationLink('subscription', brand, 'tok', 'a+b@example.com')).toBe(
      'http://albelli-nl.localhost:8080/subscription-confirmation?confirmation-token=tok&email=a%2Bb%40example.com',
    );
  });

  it('is written in the brand language with an escaped HTML part', () => {
    const brand = brandForHost('albelli-nl.localhost', options);
    const mail = confirmationMail(texts, {
      kind: 'emailChange',
      brand,
      to: 'new@example.com',
      email: 'new<script>@example.com',
      link: 'http://albelli-nl.localhost:8080/change-email-confirmation?confirmation-token=t&x=1',
      ttlSeconds: 86_400,
    });
    const english = confirmationMail(texts, {
      kind: 'emailChange',
      brand: brandForHost('photobox-uk.localhost', options),
      to: 'new@example.com',
      link: 'http://x/',
      ttlSeconds: 86_400,
    });
    expect(mail.subject).not.toBe(english.subject);
    expect(mail.html).toContain('<html lang="nl-NL">');
    expect(mail.html).toContain('confirmation-token=t&#38;x=1');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain(
      'http://albelli-nl.localhost:8080/change-email-confirmation?confirmation-token=t&x=1',
    );
    expect(mail.text).toContain('24');
  });

  it('darkens a light brand colour until white button text has 4.5:1 contrast', () => {
    expect(contrastRatio('#ffffff', '#e8590c')).toBeLessThan(4.5);
    const orange = buttonColor('#e8590c');
    expect(contrastRatio('#ffffff', orange)).toBeGreaterThanOrEqual(4.5);
    expect(buttonColor('#0072b9')).toBe('#0072b9'); // already dark enough: unchanged
  });
});
