import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = { to: string | string[]; subject: string; text: string };
/** The mailer port: the outbox adapter by default, SMTP when SMTP_URL is set. */
export type Mailer = { send(message: MailMessage): Promise<void> };

/** Writes each message as an .eml file in the outbox folder, and logs recipient and subject. */
export function createOutboxMailer(opts: { dir: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await mkdir(opts.dir, { recursive: true });
      const file = path.join(opts.dir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}

export function createSmtpMailer(opts: { url: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async send(message) {
      await transport.sendMail({ from: opts.from, ...message });
      opts.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
    },
  };
}
