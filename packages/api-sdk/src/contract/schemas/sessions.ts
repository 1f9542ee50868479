import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import { Empty, NoInput, NullableString, Timestamp } from './common.ts';

/** A new password while logged in: the current one proves it is the owner. */
export const ChangePasswordRequest = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    newPassword: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
/** How many other sessions the change signed out (this one stays). */
export const ChangePasswordResponse = Type.Object({
  signedOut: Type.Integer({ minimum: 0 }),
});

const SessionId = Type.String({ minLength: 1, maxLength: 64 });

/** A signed-in session of the account ("Active sessions"). */
export const ActiveSession = Type.Object({
  id: SessionId,
  /** The session this call was made with. */
  current: Type.Boolean(),
  /** Browser and operating system from the user agent that signed in; null when unknown. */
  browser: NullableString,
  system: NullableString,
  /** The platform header that signed in: ios, android, mac, windows; null when none. */
  platform: NullableString,
  /** The address of the last use (no location lookup). */
  ip: NullableString,
  signedInAt: Timestamp,
  lastUsedAt: Timestamp,
});
export type ActiveSession = Static<typeof ActiveSession>;

export const SessionListResponse = Type.Object({ items: Type.Array(ActiveSession) });

export const EndSessionRequest = Type.Object(
  { sessionId: SessionId },
  { additionalProperties: false },
);
export const EndOtherSessionsResponse = Type.Object({
  signedOut: Type.Integer({ minimum: 0 }),
});

export const sessions = {
  userChangePassword: { request: ChangePasswordRequest, response: ChangePasswordResponse },
  userSessions: { request: NoInput, response: SessionListResponse },
  userEndSession: { request: EndSessionRequest, response: Empty },
  userEndOtherSessions: { request: NoInput, response: EndOtherSessionsResponse },
} as const;
