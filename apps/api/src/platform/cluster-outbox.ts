import cluster from 'node:cluster';
import { DevOutbox, type OutboxEntry } from '../delivery/outbox.ts';

/** The message a server process sends its siblings, through the primary, for a new code. */
export interface OutboxMessage {
  nimbusOutbox: OutboxEntry;
}

export const isOutboxMessage = (message: unknown): message is OutboxMessage =>
  typeof message === 'object' && message !== null && 'nimbusOutbox' in message;

/**
 * The dev outbox of this process. In a cluster worker (WORKERS > 1) a code this process adds goes
 * to the primary, which hands it to the other workers (cluster.ts); codes they add arrive here.
 * Elsewhere (one process, tests) it is a plain outbox.
 */
export function processOutbox(): DevOutbox {
  if (!cluster.isWorker) return new DevOutbox();
  const outbox = new DevOutbox((entry) => {
    process.send?.({ nimbusOutbox: entry } satisfies OutboxMessage);
  });
  process.on('message', (message: unknown) => {
    if (isOutboxMessage(message)) outbox.keep(message.nimbusOutbox);
  });
  return outbox;
}
