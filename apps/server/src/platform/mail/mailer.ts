import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailHtml } from './mail-html.ts';

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  /** A picture above the text in the HTML part (a book's cover). */
  image?: { src: string; alt: string };
  /** Where the recipient turns these e-mails off: sent as List-Unsubscribe. */
  unsubscribeUrl?: string;
};

/** What nodemailer sends: the plain text with its HTML part in the app's look, and List-Unsubscribe on notices. */
const toNodemailer = ({ image, unsubscribeUrl, ...message }: MailMessage, from: string) => ({
  from,
  ...message,
  html: mailHtml(message.text, { subject: message.subject, image }),
  ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl } } : {}),
});

/** The mailer port: the outbox adapter by default, SMTP when SMTP_URL is set. */
export type Mailer = { send(message: MailMessage): Promise<void> };

/** Writes each message as an .eml file in the outbox folder, and logs recipient and subject. */
export function createOutboxMailer(opts: { dir: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message, opts.from));
      // Private to the server's account: messages hold live reset links.
      await mkdir(opts.dir, { recursive: true, mode: 0o700 });
      const file = path.join(opts.dir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}

export function createSmtpMailer(opts: { url: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async send(message) {
      await transport.sendMail(toNodemailer(message, opts.from));
      opts.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
    },
  };
}
