/**
 * The SMS provider adapter: one HTTP POST per message to SMS_WEBHOOK_URL with the JSON body
 * `{ to, text, purpose, language }` (and `Authorization: Bearer <SMS_WEBHOOK_TOKEN>` when set).
 * A gateway in front of the real provider (Twilio, Aliyun SMS, ...) maps it to that provider's
 * API. Any non-2xx answer or a timeout is a failed delivery.
 */
export interface SmsMessage {
  to: string;
  text: string;
  purpose: string;
  language: string;
}

export async function sendSms(
  url: string,
  token: string | undefined,
  message: SmsMessage,
  timeoutMs = 10_000,
): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(message),
    signal: AbortSignal.timeout(timeoutMs),
  });
  // Drain the body so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
}
