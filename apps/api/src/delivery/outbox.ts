/**
 * A code (or a notice e-mail) the dev outbox holds instead of sending it (no SMTP or SMS provider
 * configured). A notice has the purpose `notice:<kind>`, an empty code, and its subject and body.
 */
export interface OutboxEntry {
  to: string;
  channel: 'email' | 'phone';
  purpose: string;
  /** Empty for a notice. */
  code: string;
  subject?: string;
  body?: string;
  /** UTC ms. */
  time: number;
  /** A notice instead of a code (see CodeMessage.notice). */
  notice?: 'account_exists';
}

const CAPACITY = 200;

/**
 * The development stand-in for e-mail and SMS: codes are logged and kept (newest first) for
 * `GET /dev/outbox`, which exists only outside production. Memory only: the codes are never
 * written anywhere in plain text. When several processes serve (WORKERS), `share` hands each new
 * entry to the others (platform/cluster-outbox.ts), so any of them lists every code.
 */
export class DevOutbox {
  private readonly entries: OutboxEntry[] = [];

  constructor(private readonly share?: (entry: OutboxEntry) => void) {}

  add(entry: OutboxEntry): void {
    this.keep(entry);
    this.share?.(entry);
  }

  /** Keeps an entry without handing it on (one another process of this server added). */
  keep(entry: OutboxEntry): void {
    this.entries.unshift(entry);
    if (this.entries.length > CAPACITY) this.entries.length = CAPACITY;
  }

  list(): readonly OutboxEntry[] {
    return this.entries;
  }
}
