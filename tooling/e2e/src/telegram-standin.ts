import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local stand-in of the Telegram Bot API for tests (Telegram cannot be reached from these
 * machines): the methods the server's bot calls, with the Bot API's documented request and
 * response shapes, reached by the real grammY client through its `apiRoot` (TELEGRAM_API_ROOT).
 * It keeps what Telegram would: the webhook the server set (URL and secret), and the messages the
 * bot sent; `deliver` posts an update to that webhook with that secret, as Telegram does when a
 * person writes to the bot.
 *
 *   POST /bot<token>/getMe          the bot
 *   POST /bot<token>/setWebhook     { url, secret_token, allowed_updates }
 *   POST /bot<token>/sendMessage    { chat_id, text, ... }
 */

export const STANDIN_BOT_TOKEN = '7000000001:AAStandinTokenForTestsOnly0123456789';
export const STANDIN_BOT_USERNAME = 'NimbusStandinBot';

export interface SentMessage {
  chatId: string;
  text: string;
  at: number;
}

export interface TelegramStandin {
  /** http://127.0.0.1:<port>: TELEGRAM_API_ROOT for the server under test. */
  apiRoot: string;
  /** TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME and TELEGRAM_API_ROOT for the server. */
  env: Record<string, string>;
  /** The webhook the server set (it does so as it starts), waiting up to 10 s for it. */
  webhook(): Promise<{ url: string; secret: string }>;
  sent: SentMessage[];
  /** Answers the next `count` sendMessage calls with this Bot API error (e.g. 429, 500, 403). */
  failSends(count: number, error: { code: number; description: string; retryAfter?: number }): void;
  /**
   * A person writes `text` to the bot in `chat`: the update goes to the webhook the server set
   * (its origin replaced by `origin` when given). Resolves to the webhook's HTTP status.
   */
  deliver(
    text: string,
    chat: { id: number; type?: 'private' | 'group'; username?: string; languageCode?: string },
    origin?: string,
  ): Promise<number>;
  /** Waits until a message to `chatId` contains `including`, and returns it. */
  waitForMessage(
    chatId: number | string,
    including: string,
    timeoutMs?: number,
  ): Promise<SentMessage>;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

export async function startTelegramStandin(): Promise<TelegramStandin> {
  let webhook: { url: string; secret: string } | undefined;
  const sent: SentMessage[] = [];
  const failures: Array<{ code: number; description: string; retryAfter?: number }> = [];
  let updateId = 1000;
  let messageId = 1;

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      if (!match || request.method !== 'POST')
        return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = match;
      if (token !== STANDIN_BOT_TOKEN)
        return answer(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const body = await readJson(request);
      switch (method) {
        case 'getMe':
          return answer(response, 200, {
            ok: true,
            result: {
              id: 7000000001,
              is_bot: true,
              first_name: 'Nimbus',
              username: STANDIN_BOT_USERNAME,
              can_join_groups: true,
              can_read_all_group_messages: false,
              supports_inline_queries: false,
            },
          });
        case 'setWebhook':
          webhook = { url: String(body.url), secret: String(body.secret_token ?? '') };
          return answer(response, 200, { ok: true, result: true, description: 'Webhook was set' });
        case 'sendMessage': {
          const failure = failures.shift();
          if (failure)
            return answer(response, failure.code, {
              ok: false,
              error_code: failure.code,
              description: failure.description,
              ...(failure.retryAfter !== undefined
                ? { parameters: { retry_after: failure.retryAfter } }
                : {}),
            });
          if (typeof body.text !== 'string' || body.text === '' || body.chat_id === undefined)
            return answer(response, 400, {
              ok: false,
              error_code: 400,
              description: 'Bad Request: message text is empty',
            });
          const chatId = String(body.chat_id);
          sent.push({ chatId, text: body.text, at: Date.now() });
          return answer(response, 200, {
            ok: true,
            result: {
              message_id: messageId++,
              date: Math.floor(Date.now() / 1000),
              chat: { id: Number(chatId), type: 'private' },
              text: body.text,
            },
          });
        }
        default:
          return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      }
    })().catch((error: unknown) =>
      answer(response, 500, { ok: false, description: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  const apiRoot = `http://127.0.0.1:${address.port}`;
  const waitForWebhook = async () => {
    const deadline = Date.now() + 10_000;
    while (!webhook) {
      if (Date.now() > deadline) throw new Error('the server did not set its webhook');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return webhook;
  };

  return {
    apiRoot,
    env: {
      TELEGRAM_BOT_TOKEN: STANDIN_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: STANDIN_BOT_USERNAME,
      TELEGRAM_API_ROOT: apiRoot,
    },
    webhook: waitForWebhook,
    sent,
    failSends(count, error) {
      for (let i = 0; i < count; i += 1) failures.push(error);
    },
    async deliver(text, chat, origin) {
      const hook = await waitForWebhook();
      const url = new URL(hook.url);
      const target = origin ? `${origin}${url.pathname}` : hook.url;
      const command = /^\/\w+/.exec(text)?.[0];
      const from = {
        id: chat.id,
        is_bot: false,
        first_name: 'Member',
        ...(chat.username ? { username: chat.username } : {}),
        ...(chat.languageCode ? { language_code: chat.languageCode } : {}),
      };
      const update = {
        update_id: updateId++,
        message: {
          message_id: messageId++,
          date: Math.floor(Date.now() / 1000),
          chat:
            (chat.type ?? 'private') === 'private'
              ? { id: chat.id, type: 'private', first_name: 'Member' }
              : { id: -chat.id, type: 'group', title: 'A group' },
          from,
          text,
          ...(command
            ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] }
            : {}),
        },
      };
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-telegram-bot-api-secret-token': hook.secret,
        },
        body: JSON.stringify(update),
      });
      await response.arrayBuffer();
      return response.status;
    },
    async waitForMessage(chatId, including, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sent.find((m) => m.chatId === String(chatId) && m.text.includes(including));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no message to ${chatId} containing "${including}"; sent: ${JSON.stringify(sent)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
