import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendResult = { ok: true; location: string } | { ok: false; error: string };

export interface Mailer {
  send(message: MailMessage): Promise<SendResult>;
  close(): void;
}

export interface MailerLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes one RFC 822 .eml file in
 * $DATA_DIR/mail/ and the log prints its path.
 */
export function createMailer(config: Config, log: MailerLogger): Mailer {
  const outbox = path.join(config.dataDir, 'mail');
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        if (config.smtpUrl) {
          log.info({ to: message.to, messageId: info.messageId }, 'mail sent');
          return { ok: true, location: String(info.messageId) };
        }
        fs.mkdirSync(outbox, { recursive: true });
        const file = path.join(
          outbox,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
        );
        fs.writeFileSync(file, info.message as Buffer);
        log.info({ to: message.to, file }, `mail written to ${file}`);
        return { ok: true, location: file };
      } catch (error) {
        log.error({ err: error, to: message.to }, 'mail could not be sent');
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    close() {
      transport.close();
    },
  };
}
