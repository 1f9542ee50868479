/**
 * The Telegram bot (src/telegram/README.md): its token from @BotFather, its username (the
 * `t.me/<username>?start=<code>` link members open to link their account) and, for tests or a
 * self-hosted Bot API server, the API root. Without a token the bot is off and the account
 * centre does not offer it.
 */
export interface TelegramConfig {
  botToken: string | undefined;
  botUsername: string | undefined;
  /** Where the Bot API is reached; https://api.telegram.org unless a stand-in or local server. */
  apiRoot: string;
}

export const TELEGRAM_API_ROOT = 'https://api.telegram.org';

export function parseTelegramConfig(
  str: (name: string) => string | undefined,
  problems: string[],
): TelegramConfig {
  const botToken = str('TELEGRAM_BOT_TOKEN');
  const botUsername = str('TELEGRAM_BOT_USERNAME')?.replace(/^@/, '');
  const apiRoot = (str('TELEGRAM_API_ROOT') ?? TELEGRAM_API_ROOT).replace(/\/+$/, '');
  if (botToken !== undefined && !/^\d{1,20}:[A-Za-z0-9_-]{30,64}$/.test(botToken))
    problems.push('TELEGRAM_BOT_TOKEN must be the token @BotFather gave (digits:letters)');
  if (botUsername !== undefined && !/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(botUsername))
    problems.push('TELEGRAM_BOT_USERNAME must be the bot username, such as NimbusVpnBot');
  if ((botToken === undefined) !== (botUsername === undefined))
    problems.push('TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME are set together');
  try {
    const url = new URL(apiRoot);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('protocol');
  } catch {
    problems.push('TELEGRAM_API_ROOT must be an http(s) URL');
  }
  return { botToken, botUsername, apiRoot };
}
