import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

/** A mail the loopback SMTP server received, parsed (headers decoded, body as text). */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** Each header by lower-case name, unfolded, as sent (the last one of a name). */
  headers: Map<string, string>;
  raw: string;
}

export interface LoopbackSmtp {
  /** `smtp://127.0.0.1:<port>`, the server's SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The mails to `to` so far. */
  to(address: string): ReceivedMail[];
  /** Waits until `count` mails to `to` arrived (sending is asynchronous) and returns them. */
  waitFor(address: string, count?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * An SMTP server on a free loopback port that keeps every mail it gets, for tests that check
 * what the API server really sent (recipient, subject, text, headers).
 */
export async function startLoopbackSmtp(): Promise<LoopbackSmtp> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              headers: new Map(
                parsed.headerLines.map(({ key, line }) => [
                  key,
                  line
                    .slice(line.indexOf(':') + 1)
                    .replace(/\r?\n[ \t]+/g, ' ')
                    .trim(),
                ]),
              ),
              raw: raw.toString('utf8'),
            });
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const to = (address: string) => mails.filter((m) => m.to.includes(address));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    async waitFor(address, count = 1) {
      await expect
        .poll(() => to(address).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(count);
      return to(address);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
