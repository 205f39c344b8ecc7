/** A real SMTP server on 127.0.0.1 (smtp-server) collecting parsed messages (mailparser). */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Whether a parsed message was addressed to `email`. */
export function addressedTo(m: ParsedMail, email: string): boolean {
  const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
  return to.some((a) => a.value.some((v) => v.address?.toLowerCase() === email.toLowerCase()));
}

export interface Mailbox {
  port: number;
  messages: ParsedMail[];
  /** Resolves with the first message (already received or future) that matches. */
  waitFor: (match: (m: ParsedMail) => boolean, timeoutMs?: number) => Promise<ParsedMail>;
  close: () => Promise<void>;
}

export async function startMailbox(port = 0): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  const waiters: Array<{ match: (m: ParsedMail) => boolean; resolve: (m: ParsedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const w of [...waiters]) {
            if (w.match(mail)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as { port: number }).port;
  return {
    port: actualPort,
    messages,
    waitFor(match, timeoutMs = 20_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No matching mail within ${timeoutMs} ms (got ${messages.length})`)),
          timeoutMs,
        );
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
