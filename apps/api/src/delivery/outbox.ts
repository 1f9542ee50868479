/** A code the dev outbox holds instead of sending it (no SMTP or SMS provider configured). */
export interface OutboxEntry {
  to: string;
  channel: 'email' | 'phone';
  purpose: string;
  /** Empty for a notice. */
  code: string;
  /** UTC ms. */
  time: number;
  /** A notice instead of a code (see CodeMessage.notice). */
  notice?: 'account_exists';
}

const CAPACITY = 200;

/**
 * The development stand-in for e-mail and SMS: codes are logged and kept (newest first) for
 * `GET /dev/outbox`, which exists only outside production. Memory only: the codes are never
 * written anywhere in plain text.
 */
export class DevOutbox {
  private readonly entries: OutboxEntry[] = [];

  add(entry: OutboxEntry): void {
    this.entries.unshift(entry);
    if (this.entries.length > CAPACITY) this.entries.length = CAPACITY;
  }

  list(): readonly OutboxEntry[] {
    return this.entries;
  }
}
