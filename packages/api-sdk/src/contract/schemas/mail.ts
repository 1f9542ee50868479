import { MAIL_CATEGORIES } from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import { NoInput } from './common.ts';

/** A category of notice e-mails a member may turn off (domain MailCategory). */
export const MailCategorySchema = Type.Enum(MAIL_CATEGORIES);

/** Whether the member gets each category of optional notices (essential ones always go). */
export const MailPreferences = Type.Object({
  categories: Type.Array(Type.Object({ category: MailCategorySchema, subscribed: Type.Boolean() })),
});
export type MailPreferences = Static<typeof MailPreferences>;

export const MailPreferenceUpdate = Type.Object(
  { category: MailCategorySchema, subscribed: Type.Boolean() },
  { additionalProperties: false },
);

/** The signed token of a notice's unsubscribe link. */
export const MailUnsubscribeRequest = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
/** The category the link turned off, for the confirmation. */
export const MailUnsubscribeResponse = Type.Object({ category: MailCategorySchema });

export const mail = {
  userMailPreferences: { request: NoInput, response: MailPreferences },
  userMailPreferencesUpdate: { request: MailPreferenceUpdate, response: MailPreferences },
  userMailUnsubscribe: { request: MailUnsubscribeRequest, response: MailUnsubscribeResponse },
} as const;
