import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * WORKERS > 1: the port is shared and a scrape reaches one worker, so that worker asks the
 * primary, which gathers every worker's process metrics (prom-client's AggregatorRegistry: counters
 * and histograms summed) and answers; a scrape then counts the whole server, not one worker.
 */
const ASK = 'nimbus:metrics-ask';
const ANSWER = 'nimbus:metrics-answer';

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (m: unknown): m is Ask => (m as Ask | null)?.type === ASK;
const isAnswer = (m: unknown): m is Answer => (m as Answer | null)?.type === ANSWER;

/** In the primary: answers a worker's ask with every worker's process metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isAsk(message)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: unknown) =>
        worker.send({ type: ANSWER, id: message.id, error: String(error) } satisfies Answer),
    );
  });
}

/**
 * In a cluster worker: makes `registry` the one the primary gathers, and returns how to ask the
 * primary for the whole server's text; undefined in a process of its own.
 */
export function clusterProcessMetrics(registry: Registry): (() => Promise<string>) | undefined {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || send === undefined) return undefined;
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one makes this worker answer the primary's requests (prom-client's listener).
  new AggregatorRegistry();
  let next = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  process.on('message', (message: unknown) => {
    if (isAnswer(message)) waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the cluster primary did not answer within 6 s'));
      }, 6_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(answer.error ?? 'no answer'));
      });
      send({ type: ASK, id } satisfies Ask);
    });
}
