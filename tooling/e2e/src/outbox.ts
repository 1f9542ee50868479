import './http-agent.ts';

export interface OutboxEntry {
  to: string;
  channel: 'email' | 'phone';
  purpose: string;
  code: string;
  time: number;
}

/** Everything the dev outbox holds (newest first). */
export async function readOutbox(baseUrl: string): Promise<OutboxEntry[]> {
  const response = await fetch(`${baseUrl}/dev/outbox`);
  if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
  return (await response.json()) as OutboxEntry[];
}

/**
 * The newest code sent to `to` (for `purpose` when given) after `since` (UTC ms), waiting up to
 * `timeoutMs` for it to arrive.
 */
export async function waitForCode(
  baseUrl: string,
  {
    to,
    purpose,
    since = 0,
    timeoutMs = 10_000,
  }: { to: string; purpose?: string; since?: number; timeoutMs?: number },
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const wanted = to.toLowerCase();
  while (Date.now() < deadline) {
    const entry = (await readOutbox(baseUrl)).find(
      (e) =>
        e.to.toLowerCase() === wanted && (!purpose || e.purpose === purpose) && e.time >= since,
    );
    if (entry) return entry.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${purpose ?? ''} code for ${to} in the dev outbox`);
}
