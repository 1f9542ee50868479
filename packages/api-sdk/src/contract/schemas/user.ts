import { Type, type Static } from 'typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from '@nimbus/domain';
import { ATTRIBUTION_VALUE_MAX_LENGTH } from '../tracking.ts';
import { Empty, Id, NoInput, NullableString, Timestamp, TimestampOrZero, YesNo } from './common.ts';

/** The current user, answer of system_user_info (spec section 3, "Current user"). */
export const UserInfo = Type.Object({
  userId: Id,
  username: NullableString,
  /** Shown masked in lists, in full to its owner. */
  email: NullableString,
  /** E.164, for example +8613800138000. */
  phone: NullableString,
  inviteCode: Type.String(),
  /** Path on the marketing site, for example /register?ref=ABC123; the app prefixes its origin. */
  inviteLink: Type.String(),
  standardExpireTime: TimestampOrZero,
  liteExpireTime: TimestampOrZero,
  yearlyPaidUser: YesNo,
  benefitsExpireTime: TimestampOrZero,
  deviceLimit: Type.Integer({ minimum: 0 }),
  deviceCount: Type.Integer({ minimum: 0 }),
  isKol: Type.Boolean(),
  hasTrialAvailable: Type.Boolean(),
  thirdPartyEnabled: Type.Boolean(),
  registeredAt: Timestamp,
});
export type UserInfo = Static<typeof UserInfo>;

/** The account-details card of the account centre (spec section 3, "Account"). */
export const Account = Type.Pick(UserInfo, [
  'userId',
  'inviteCode',
  'inviteLink',
  'standardExpireTime',
  'liteExpireTime',
]);
export type Account = Static<typeof Account>;

/** How an account is named: the tabs of the login and register forms. */
export const AuthChannel = Type.Enum(['username', 'email', 'phone'] as const);
export type AuthChannel = Static<typeof AuthChannel>;
/** Where a verification code is sent. */
export const CodeChannel = Type.Enum(['email', 'phone'] as const);
export type CodeChannel = Static<typeof CodeChannel>;
export const CodePurpose = Type.Enum([
  'register',
  'login',
  'reset',
  'delete_account',
  'payout_wallet',
] as const);
export type CodePurpose = Static<typeof CodePurpose>;

export const AccountName = Type.String({
  minLength: 1,
  maxLength: 254,
  description: 'username, e-mail address or phone number',
});
export const Password = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
});
export const Code = Type.String({ pattern: `^[0-9]{${VERIFICATION_CODE_LENGTH}}$` });

const TrackingValue = Type.Optional(Type.String({ maxLength: ATTRIBUTION_VALUE_MAX_LENGTH }));
/** The attribution of the visit (see ../tracking.ts); the keys are ATTRIBUTION_KEYS. */
export const Attribution = Type.Object(
  {
    gclid: TrackingValue,
    wbraid: TrackingValue,
    gbraid: TrackingValue,
    twclid: TrackingValue,
    bd_vid: TrackingValue,
    fbclid: TrackingValue,
    msclkid: TrackingValue,
    ref: TrackingValue,
    ref_action: TrackingValue,
  },
  { additionalProperties: false },
);
export type Attribution = Static<typeof Attribution>;

export const RegisterRequest = Type.Object(
  {
    channel: AuthChannel,
    account: AccountName,
    password: Password,
    /** Required for the e-mail and phone channels. */
    code: Type.Optional(Code),
    inviteCode: Type.Optional(Type.String({ maxLength: 32 })),
    /** The user agreement and privacy policy must be accepted. */
    agreeTerms: Type.Literal(true),
    attribution: Type.Optional(Attribution),
  },
  { additionalProperties: false },
);
/** The new user's id; invited users also get their trial (seconds, 0 when none). */
export const RegisterResponse = Type.Object({
  userId: Id,
  trialSeconds: Type.Integer({ minimum: 0 }),
});

/**
 * Keeps a trial account (made by the trial button without a name or password): an e-mail
 * address proven by a `register` code, or a username, and a password to log in with.
 */
export const KeepAccountRequest = Type.Object(
  {
    channel: Type.Enum(['email', 'username'] as const),
    account: AccountName,
    password: Password,
    /** Required for the e-mail channel. */
    code: Type.Optional(Code),
  },
  { additionalProperties: false },
);
/** The name the account now logs in with, as shown. */
export const KeepAccountResponse = Type.Object({ account: Type.String() });

export const LoginRequest = Type.Object(
  {
    channel: AuthChannel,
    account: AccountName,
    /** One of password or code: code login is for the e-mail and phone channels. */
    password: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })),
    code: Type.Optional(Code),
    agreeTerms: Type.Literal(true),
  },
  { additionalProperties: false },
);
export const LoginResponse = Type.Object({ userId: Id });

export const LogoutRequest = Type.Object(
  {
    /** End every session of the account, not only this one. */ everywhere: Type.Optional(
      Type.Boolean(),
    ),
  },
  { additionalProperties: false },
);

export const SendCodeRequest = Type.Object(
  { channel: CodeChannel, target: AccountName, purpose: CodePurpose },
  { additionalProperties: false },
);
export const SendCodeResponse = Type.Object({
  /** Seconds before another code may be requested (the form's countdown). */
  resendAfterSeconds: Type.Integer({ minimum: 0 }),
  expiresInSeconds: Type.Integer({ minimum: 0 }),
});

export const ResetPasswordRequest = Type.Object(
  { channel: CodeChannel, account: AccountName, code: Code, password: Password },
  { additionalProperties: false },
);

export const TrialRequest = NoInput;
/** Without a session the server creates a trial account and sends its token in `pragma`. */
export const TrialResponse = Type.Object({
  userId: Id,
  trialEndsAt: Timestamp,
  trialSeconds: Type.Integer({ minimum: 0 }),
});

export const DeleteAccountRequest = Type.Object(
  {
    /** Confirmation: the password, or a code sent for purpose delete_account. */
    password: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })),
    code: Type.Optional(Code),
  },
  { additionalProperties: false },
);

/**
 * A sign-in link's one-time token (the `token` parameter of a page URL): single use, valid for
 * `expiresInSeconds`, only for exchanging into a session; never a session token itself.
 */
const LinkToken = Type.String({ minLength: 40, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' });
export const SignInLinkResponse = Type.Object({
  linkToken: LinkToken,
  expiresInSeconds: Type.Integer({ minimum: 1 }),
});
/** The account a link opens, masked as other people's accounts are ("ab***@gmail.com"). */
export const SignInLinkAccountResponse = Type.Object({ account: Type.String() });
export const SignInLinkExchangeRequest = Type.Object(
  { linkToken: LinkToken },
  { additionalProperties: false },
);

export const user = {
  systemUserInfo: { request: NoInput, response: UserInfo },
  userRegister: { request: RegisterRequest, response: RegisterResponse },
  userLogin: { request: LoginRequest, response: LoginResponse },
  userLogout: { request: LogoutRequest, response: Empty },
  userSendCode: { request: SendCodeRequest, response: SendCodeResponse },
  userResetPassword: { request: ResetPasswordRequest, response: Empty },
  userTrial: { request: TrialRequest, response: TrialResponse },
  userSignInLink: { request: NoInput, response: SignInLinkResponse },
  userSignInLinkAccount: {
    request: SignInLinkExchangeRequest,
    response: SignInLinkAccountResponse,
  },
  userSignInLinkExchange: { request: SignInLinkExchangeRequest, response: LoginResponse },
  userDeleteAccount: { request: DeleteAccountRequest, response: Empty },
  userKeepAccount: { request: KeepAccountRequest, response: KeepAccountResponse },
} as const;
