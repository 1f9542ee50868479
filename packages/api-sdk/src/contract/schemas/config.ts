import { Type, type Static } from 'typebox';
import { FEATURES, PLATFORM_HEADERS, type Feature } from '@nimbus/domain';
import { Id, LocalizedText, NoInput, NullableString, NullableTimestamp } from './common.ts';
import { CryptoToken, PaymentMethod } from './payment.ts';

const PlatformName = Type.Enum(PLATFORM_HEADERS);

/** One platform's app (download pages and buttons). */
export const AppDownload = Type.Object({
  /** ios, android, mac, windows. */
  platform: PlatformName,
  version: Type.String(),
  /** App Store / Play link; null where the app is not in a store. */
  storeUrl: NullableString,
  /** Direct package (APK, PKG, EXE); null where there is none. */
  packageUrl: NullableString,
  /** Oldest supported system, for example "iOS 15". */
  minSystem: NullableString,
  releasedAt: NullableTimestamp,
});
export type AppDownload = Static<typeof AppDownload>;

export const CryptoNetworkConfig = Type.Object({
  chainId: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  /** Transaction page prefix, for example https://etherscan.io/tx/. */
  explorerTxUrl: NullableString,
  tokens: Type.Array(CryptoToken),
});
export type CryptoNetworkConfig = Static<typeof CryptoNetworkConfig>;

/** What the apps need to work: downloads, support, shop switches, crypto, header links. */
export const ClientConfig = Type.Object({
  downloads: Type.Array(AppDownload),
  support: Type.Object({ email: Type.String(), telegram: NullableString }),
  groupBuy: Type.Object({
    /** False shows the "not yet started" notice. */
    enabled: Type.Boolean(),
    startsAt: NullableTimestamp,
    /** The countdown's end; the page shows "Ended" after it. */
    endsAt: NullableTimestamp,
  }),
  paymentMethods: Type.Array(PaymentMethod),
  /**
   * The offered methods whose provider moves no money (the sandbox, or Stripe with a test key):
   * the pricing page says so beside them.
   */
  testModeMethods: Type.Array(PaymentMethod),
  crypto: Type.Object({ networks: Type.Array(CryptoNetworkConfig) }),
  links: Type.Object({
    blog: NullableString,
    status: NullableString,
    announcements: NullableString,
    githubMirrors: Type.Array(Type.Object({ name: Type.String(), url: Type.String() })),
  }),
  trial: Type.Object({
    /** The trial button's free trial. */
    minutes: Type.Integer({ minimum: 0 }),
    /** The trial of a friend who registers with an invite code. */
    invitedMinutes: Type.Integer({ minimum: 0 }),
  }),
});
export type ClientConfig = Static<typeof ClientConfig>;

export const Notice = Type.Object({
  id: Id,
  level: Type.Enum(['info', 'warning'] as const),
  text: LocalizedText,
  link: NullableString,
  startsAt: NullableTimestamp,
  endsAt: NullableTimestamp,
});
export type Notice = Static<typeof Notice>;

const FeatureSwitches = Type.Object(
  Object.fromEntries(FEATURES.map((f) => [f, Type.Boolean()])) as Record<
    Feature,
    ReturnType<typeof Type.Boolean>
  >,
);

/** What every app shows: notices, feature switches, the highlighted plan. */
export const DisplayConfig = Type.Object({
  notices: Type.Array(Notice),
  /** Every switch of domain `FEATURES`: false hides the feature (the server refuses its calls). */
  features: FeatureSwitches,
  highlightProductId: Type.Union([Id, Type.Null()]),
});
export type DisplayConfig = Static<typeof DisplayConfig>;

/** RSA public keys (SPKI PEM) that signed calls are encrypted with, per platform. */
export const PublicKeys = Type.Object({
  keys: Type.Object({
    ios: Type.String(),
    android: Type.String(),
    mac: Type.String(),
    windows: Type.String(),
  }),
});
export type PublicKeys = Static<typeof PublicKeys>;

export const config = {
  systemClientConfig: { request: NoInput, response: ClientConfig },
  systemDisplayConfig: { request: NoInput, response: DisplayConfig },
  systemPublicKeys: { request: NoInput, response: PublicKeys },
} as const;
