import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  /** Envelope recipients (RCPT TO), which include Bcc. */
  recipients: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
}

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/** Every http(s) URL in the mail: `href`s of the HTML part first, then URLs in the text. */
export function extractLinks(html: string | null, text: string): string[] {
  const links = new Set<string>();
  const decode = (value: string) =>
    value
      .replace(/&amp;/g, '&')
      .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  for (const match of (html ?? '').matchAll(/href\s*=\s*"([^"]*)"/gi)) links.add(decode(match[1]!));
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) links.add(match[0]);
  return [...links].filter((link) => /^https?:\/\//i.test(link));
}

/**
 * The development mail sink: a real SMTP server on a free loopback port. Nodemailer delivers
 * to it over SMTP like to any mail server; each message is parsed (mailparser) and handed to
 * `onMessage` before the sink answers 250, so once `sendMail` resolves the mail is stored.
 */
export async function startSmtpSink(
  onMessage: (message: SinkMessage) => Promise<void>,
): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'development mailbox',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded)
            throw Object.assign(new Error('Message too large'), { responseCode: 552 });
          const text = parsed.text ?? '';
          const html = typeof parsed.html === 'string' ? parsed.html : null;
          await onMessage({
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: parsed.from?.text ?? (session.envelope.mailFrom || { address: '' }).address,
            subject: parsed.subject ?? '',
            text,
            html,
            links: extractLinks(html, text),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
