import { Type, type Static } from 'typebox';
import { NoInput, NullableTimestamp, Timestamp } from './common.ts';

/**
 * The member's Telegram link: whether the server has a bot (`available`), the linked chat's
 * Telegram username (null when the member has none, or nothing is linked) and whether notices go
 * there.
 */
export const TelegramStatus = Type.Object({
  available: Type.Boolean(),
  linked: Type.Boolean(),
  username: Type.Union([Type.String(), Type.Null()]),
  linkedAt: NullableTimestamp,
  notices: Type.Boolean(),
});
export type TelegramStatus = Static<typeof TelegramStatus>;

/** `https://t.me/<bot>?start=<one-time code>`, valid until `expiresAt` (10 minutes). */
export const TelegramLinkStart = Type.Object({ url: Type.String(), expiresAt: Timestamp });
export type TelegramLinkStart = Static<typeof TelegramLinkStart>;

export const TelegramNoticesUpdate = Type.Object(
  { notices: Type.Boolean() },
  { additionalProperties: false },
);

export const telegram = {
  userTelegramStatus: { request: NoInput, response: TelegramStatus },
  userTelegramLink: { request: NoInput, response: TelegramLinkStart },
  userTelegramUnlink: { request: NoInput, response: TelegramStatus },
  userTelegramNotices: { request: TelegramNoticesUpdate, response: TelegramStatus },
} as const;
