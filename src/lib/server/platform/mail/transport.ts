/**
 * How mail leaves: SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/mail/ (the embedded default), where admins can read it at /staff/mail.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  id: number;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

export interface MailTransport {
  readonly name: 'smtp' | 'file';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export function emlFileName(id: number, kind: string): string {
  return `${String(id).padStart(6, '0')}-${kind.replace(/[^a-z0-9-]/gi, '')}.eml`;
}

export function createTransport(opts: { smtpUrl?: string; mailDir: string }): MailTransport {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    return {
      name: 'smtp',
      async send(m) {
        const info = await smtp.sendMail(toNodemailer(m));
        return { messageId: info.messageId };
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async send(m) {
      const info = await stream.sendMail(toNodemailer(m));
      fs.mkdirSync(opts.mailDir, { recursive: true });
      const file = path.join(opts.mailDir, emlFileName(m.id, m.kind));
      // Write then rename, so a reader never sees half a message.
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer);
      fs.renameSync(`${file}.tmp`, file);
      return { messageId: info.messageId };
    },
    close: () => stream.close(),
  };
}

function toNodemailer(m: MailMessage) {
  return {
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? undefined,
    headers: { ...m.headers, 'X-Portal-Message': String(m.id) },
  };
}
