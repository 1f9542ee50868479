import type { KeyObject } from 'node:crypto';
import { Piscina } from 'piscina';
import decryptHere, { type DecryptTask } from './rsa-decrypt-worker.ts';

/**
 * Opens signed calls' RSA blocks off the event loop. One decryption costs about a millisecond of
 * a core (docs/benchmarks.md): on the main thread every signed call stalled every other request
 * for that long and the process used one core. A pool of worker threads (piscina) sized to the
 * cores decrypts in parallel while the event loop goes on; KeyObjects cross to the threads
 * without copying the key. `threads: 0` decrypts on the calling thread (DECRYPT_THREADS=0).
 */
export class RsaDecryptor {
  readonly #pool: Piscina<DecryptTask, Uint8Array | null> | undefined;

  constructor(threads: number) {
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
            minThreads: 0,
            maxThreads: threads,
            // Idle threads end after a minute; the first signed call after that starts one.
            idleTimeout: 60_000,
          })
        : undefined;
  }

  /** The plaintext of `data`, or null when it does not decrypt with `key`. */
  async decrypt(key: KeyObject, data: Buffer): Promise<Buffer | null> {
    const out = this.#pool ? await this.#pool.run({ key, data }) : decryptHere({ key, data });
    return out === null ? null : Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }

  async close(): Promise<void> {
    await this.#pool?.close({ force: true });
  }
}
