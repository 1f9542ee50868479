import { Type, type Static } from 'typebox';
import { NullableTimestamp } from '../schemas/common.ts';

/**
 * The console's run-time settings (admin: switches, downloads, links, the group-buy window...)
 * and site notices (support). Values are edited in the text form their environment variable
 * takes, validated per key by the server's settings service.
 */

const strict = { additionalProperties: false } as const;
const SettingKey = Type.String({ minLength: 1, maxLength: 64 });

export const AdminSetting = Type.Object({
  key: Type.String(),
  /** The environment variable giving its default. */
  env: Type.String(),
  /** Whether the value is a switch (true/false). */
  boolean: Type.Boolean(),
  /** The value in force, in its text form (`none` for null). */
  text: Type.String(),
  /** The environment's (or built-in) value, in its text form. */
  defaultText: Type.String(),
  /** A value is set (rather than the environment's). */
  isSet: Type.Boolean(),
  updatedAt: NullableTimestamp,
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
export type AdminSetting = Static<typeof AdminSetting>;

const NoticeText = Type.String({ minLength: 1, maxLength: 500 });
export const AdminNotice = Type.Object(
  {
    /** Browsers remember a dismissal by it: letters, digits, dot, dash, underscore. */
    id: Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$' }),
    level: Type.Enum(['info', 'warning']),
    text: Type.Object({ en: NoticeText, 'zh-CN': NoticeText }, strict),
    /** A page of the site ('/pricing') or an http(s) URL. */
    link: Type.Union([
      Type.String({ pattern: '^(https?://[^\\s]+|/[^\\s]*)$', maxLength: 2000 }),
      Type.Null(),
    ]),
    startsAt: NullableTimestamp,
    endsAt: NullableTimestamp,
  },
  strict,
);
export type AdminNotice = Static<typeof AdminNotice>;

const Notices = Type.Object({ notices: Type.Array(AdminNotice) });

export const adminSettingSchemas = {
  /** Every setting (a fixed set of a few dozen keys). */
  adminSettingList: {
    request: Type.Object({}, strict),
    response: Type.Object({ items: Type.Array(AdminSetting) }),
  },
  adminSettingSet: {
    request: Type.Object({ key: SettingKey, text: Type.String({ maxLength: 20_000 }) }, strict),
    response: Type.Object({ setting: AdminSetting }),
  },
  /** Back to the environment's value. */
  adminSettingUnset: {
    request: Type.Object({ key: SettingKey }, strict),
    response: Type.Object({ setting: AdminSetting }),
  },
  adminNoticeList: { request: Type.Object({}, strict), response: Notices },
  /** Adds a notice, or replaces the one with the same id. */
  adminNoticeSave: { request: Type.Object({ notice: AdminNotice }, strict), response: Notices },
  adminNoticeRemove: {
    request: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }, strict),
    response: Notices,
  },
} as const;
