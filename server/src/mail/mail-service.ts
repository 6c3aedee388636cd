import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { AppMode, MailSettings } from '../config/server-config.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { insertReceivedMail } from './mailbox-repository.ts';
import { startSmtpSink } from './smtp-sink.ts';
import type { SmtpSink } from './smtp-sink.ts';

export interface OutgoingMail {
  to: string;
  /** Display name of the sender, e.g. the brand; the address stays MAIL_FROM's. */
  fromName?: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailServiceOptions {
  settings: MailSettings;
  appMode: AppMode;
  db: Db;
  log?: FastifyBaseLogger;
  /** Where {@link MailService.deliver} leaves a mail the SMTP server did not take. */
  jobs?: JobQueue;
  /** Retries of such a mail (default 6) and the pause before the first (default 30 s, doubling). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export const MAIL_JOB = 'mail';

/**
 * Outgoing mail (server/src/mail/README.md): nodemailer over SMTP to SMTP_URL, or, in
 * development without SMTP_URL, to our own SMTP sink on a loopback port whose mails land in
 * the `mailbox` table behind `/dev/mailbox`. The sink starts with the first mail, so a server
 * that sends none opens no port.
 */
export class MailService {
  /** Whether `/dev/mailbox` is served: development mode only. */
  readonly mailboxEnabled: boolean;
  private readonly settings: MailSettings;
  private readonly db: Db;
  private readonly log: FastifyBaseLogger | undefined;
  private transport: Promise<Transporter> | undefined;
  private sink: SmtpSink | undefined;
  private closed = false;
  private readonly jobs: JobQueue | undefined;
  private readonly retryLimit: number;
  private readonly retryDelaySeconds: number;

  constructor({
    settings,
    appMode,
    db,
    log,
    jobs,
    retryLimit,
    retryDelaySeconds,
  }: MailServiceOptions) {
    this.settings = settings;
    this.db = db;
    this.log = log;
    this.jobs = jobs;
    this.retryLimit = retryLimit ?? 6;
    this.retryDelaySeconds = retryDelaySeconds ?? 30;
    this.mailboxEnabled = appMode === 'development';
  }

  /** Defines the job that sends a mail again (with the job queue only). */
  async start(): Promise<void> {
    await this.jobs?.define<OutgoingMail>(MAIL_JOB, (mail) => this.send(mail), {
      retryLimit: this.retryLimit,
      retryDelaySeconds: this.retryDelaySeconds,
    });
  }

  /**
   * Sends one mail now, or, when the SMTP server does not take it, leaves it to the job queue,
   * which tries again with a growing pause (on PostgreSQL from any instance, after a restart
   * too). For mails the request does not depend on: the customer's request succeeds either way.
   * Without a job queue it is {@link send}.
   */
  async deliver(mail: OutgoingMail): Promise<void> {
    if (!this.jobs) return this.send(mail);
    try {
      await this.send(mail);
    } catch (error) {
      this.log?.warn({ err: error }, 'mail not sent: queued for a retry');
      await this.jobs.send(MAIL_JOB, mail, { startAfterSeconds: this.retryDelaySeconds });
    }
  }

  /** Sends one mail; resolves once the SMTP server accepted it (for the sink: once stored). */
  async send(mail: OutgoingMail): Promise<void> {
    if (this.closed) throw new Error('The mail service is closed');
    const transport = await this.getTransport();
    const info = (await transport.sendMail({
      from: mail.fromName ? { name: mail.fromName, address: this.fromAddress } : this.settings.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    })) as { messageId?: string };
    this.log?.info({ messageId: info.messageId }, 'mail sent');
  }

  /** The address part of MAIL_FROM (`Name <address>` or a bare address). */
  private get fromAddress(): string {
    return /<([^>]+)>/.exec(this.settings.from)?.[1] ?? this.settings.from.trim();
  }

  /** The sink's port once started (development without SMTP_URL), for diagnostics. */
  get sinkPort(): number | undefined {
    return this.sink?.port;
  }

  async close(): Promise<void> {
    this.closed = true;
    const transport = await this.transport?.catch(() => undefined);
    transport?.close();
    await this.sink?.close();
  }

  private getTransport(): Promise<Transporter> {
    this.transport ??= this.createTransport().catch((error: unknown) => {
      this.transport = undefined;
      throw error;
    });
    return this.transport;
  }

  private async createTransport(): Promise<Transporter> {
    if (this.settings.smtpUrl) return nodemailer.createTransport(this.settings.smtpUrl);
    if (!this.mailboxEnabled) throw new Error('No SMTP_URL configured');
    this.sink = await startSmtpSink((message) =>
      insertReceivedMail(
        this.db,
        {
          from: message.from,
          subject: message.subject,
          text: message.text,
          html: message.html,
          links: message.links,
        },
        message.recipients,
      ),
    );
    if (this.closed) {
      await this.sink.close();
      throw new Error('The mail service is closed');
    }
    return nodemailer.createTransport({
      host: '127.0.0.1',
      port: this.sink.port,
      secure: false,
      ignoreTLS: true,
    });
  }
}
