import { Piscina } from 'piscina';
import { decryptWith, type DecryptKeys, type DecryptTask } from './rsa-decrypt-worker.ts';

/**
 * Opens signed calls' RSA blocks off the event loop. One decryption costs about 0.3 ms of a core
 * (docs/benchmarks.md): on the main thread every signed call stalled every other request for that
 * long and the process used one core. A pool of worker threads (piscina) sized to the cores
 * decrypts in parallel while the event loop goes on. The keys go to each thread once, when it
 * starts; a task names its key and carries the 256-byte block (cloning a KeyObject into every
 * task and out again on the thread cost about 0.04 ms of the server's CPU per signed call).
 * `threads: 0` decrypts on the calling thread (DECRYPT_THREADS=0).
 */
export class RsaDecryptor {
  readonly #pool: Piscina<DecryptTask, Uint8Array | null> | undefined;
  readonly #keys: DecryptKeys;
  #opened = 0;
  #refused = 0;

  constructor(threads: number, keys: DecryptKeys) {
    this.#keys = keys;
    this.#pool =
      threads > 0
        ? new Piscina({
            // The bundle ships the worker beside main.js; the sources run it as TypeScript.
            filename: new URL(
              import.meta.url.endsWith('.ts')
                ? './rsa-decrypt-worker.ts'
                : './rsa-decrypt-worker.js',
              import.meta.url,
            ).href,
            workerData: { keys },
            minThreads: 0,
            maxThreads: threads,
            // Idle threads end after a minute; the first signed call after that starts one.
            idleTimeout: 60_000,
          })
        : undefined;
  }

  /** The plaintext of `data`, or null when it does not decrypt with the key named `keyName`. */
  async decrypt(keyName: string, data: Buffer): Promise<Buffer | null> {
    const task = { keyName, data };
    const out = this.#pool ? await this.#pool.run(task) : decryptWith(this.#keys, task);
    if (out === null) this.#refused += 1;
    else this.#opened += 1;
    return out === null ? null : Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }

  /** For the metrics: blocks opened and refused so far, and the pool's threads and queue now. */
  stats(): {
    opened: number;
    refused: number;
    threads: number;
    queued: number;
    utilization: number;
  } {
    return {
      opened: this.#opened,
      refused: this.#refused,
      threads: this.#pool?.threads.length ?? 0,
      queued: this.#pool?.queueSize ?? 0,
      utilization: this.#pool?.utilization ?? 0,
    };
  }

  async close(): Promise<void> {
    await this.#pool?.close({ force: true });
  }
}
