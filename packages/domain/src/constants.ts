import { Language } from './enums.ts';

/**
 * Every business constant and limit of the product (spec section 9), as named exports.
 * Durations are in the unit their name says; money is in integer minor units.
 */

// Trials
/** The free trial given by the trial button. */
export const FREE_TRIAL_MINUTES = 15;
/** Default trial for a friend who registers with an invite code (configurable; "3 hours"). */
export const INVITED_TRIAL_MINUTES_DEFAULT = 180;

// Accounts
export const PASSWORD_MIN_LENGTH = 8;
/** Passwords longer than this are refused so hashing cannot be used to exhaust the server. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 20;
/** RFC 5321 limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;
export const INVITE_CODE_MIN_LENGTH = 6;
export const INVITE_CODE_MAX_LENGTH = 12;
/** Length of the invite codes the product generates (inside the accepted 6-12). */
export const INVITE_CODE_GENERATED_LENGTH = 8;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 10 * 60;
/** The seconds countdown before another code may be requested. */
export const VERIFICATION_CODE_RESEND_SECONDS = 60;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;

// Referral and KOL programme
export const KOL_FIRST_PURCHASE_RATE_MIN_PERCENT = 25;
export const KOL_FIRST_PURCHASE_RATE_MAX_PERCENT = 100;
export const KOL_RENEWAL_RATE_PERCENT = 20;
/** Payout when pending earnings reach $100 (USD cents). */
export const KOL_PAYOUT_THRESHOLD_MINOR = 10_000;
export const KOL_PAYOUT_CURRENCY = 'USD';
/** Default days a commission is held (refund window) before it becomes payable. */
export const KOL_HOLDING_PERIOD_DAYS_DEFAULT = 30;

// Orders and upgrades
/**
 * A payment still pending after this long is "not detected": the user is told to contact support.
 */
export const PAYMENT_NOT_DETECTED_MINUTES_DEFAULT = 15;
/** Share of the remaining Lite time that becomes Standard time on upgrade (configurable). */
export const LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT = 50;

// Third-party client
export const THIRD_PARTY_SPEED_LIMIT_MBPS = 10;
export const THIRD_PARTY_ENABLE_COOLDOWN_DAYS = 7;

// Group buying
export const GROUP_BUY_SIZES = [2, 3] as const;
export type GroupBuySize = (typeof GROUP_BUY_SIZES)[number];
/** How long a new group stays open for members to join and pay (configurable). */
export const GROUP_BUY_DURATION_HOURS_DEFAULT = 24;

// HTTP client and signing
export const HTTP_TIMEOUT_MS = 10_000;
export const NONCE_LENGTH = 8;
/** Alphabet of the signing nonce: letters and digits. */
export const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** How far a signed request's timestamp may be from the server's clock. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

// Cookies and storage
export const TOKEN_COOKIE_DAYS = 30;
export const TRACKING_COOKIE_DAYS = 7;
export const TOKEN_STORAGE_KEY = 'token';
export const REGISTER_TOKEN_STORAGE_KEY = 'registerToken';
export const LANGUAGE_STORAGE_KEY = 'language';

// Caches and timing of the apps
export const USER_INFO_CACHE_MS = 2_000;
export const PREFETCH_CACHE_MS = 3 * 60 * 1000;
export const PREFETCH_DELAY_MS = 1_500;
export const COPY_FEEDBACK_MS = 3_000;
export const ELLIPSIS_DEFAULT_ROWS = 1;

// Layout
export const DESKTOP_BREAKPOINT_PX = 960;
export const MOBILE_FONT_BASE_PX = 50;
/**
 * Above the breakpoint the root font size is this percentage of the window width (100px at 1920px).
 */
export const DESKTOP_FONT_SCALE_PERCENT = 5.2083;
export const PAGE_SIZE_OPTIONS = [10, 20, 50] as const;
export const PAGE_SIZE_DEFAULT = 10;
/** The largest page a list call returns, whatever the caller asks for. */
export const PAGE_SIZE_MAX = 100;

// Languages
/** Chinese is the fallback when the browser language does not contain English (spec section 1). */
export const DEFAULT_LANGUAGE: Language = Language.ZH_CN;

// Marketing
export const UPTIME_CLAIM_PERCENT = '99.999';
