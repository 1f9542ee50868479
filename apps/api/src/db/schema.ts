import type { Generated } from 'kysely';

/**
 * The tables of the server as Kysely sees them. Timestamps are UTC milliseconds (bigint columns,
 * read as numbers on both dialects); flags are 0/1 integers so one query works on SQLite and
 * PostgreSQL alike.
 */

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased for uniqueness; the spelling the user chose is `username_display`. */
  username: string | null;
  username_display: string | null;
  /** Lower-cased address. */
  email: string | null;
  /** E.164. */
  phone: string | null;
  password_hash: string;
  /** The user's language in the header form ('en' | 'zh_CN'), used for e-mails. */
  language: string;
  invite_code: string;
  inviter_id: number | null;
  /** Standard and Lite time run separately (domain Membership); null when never had. */
  standard_expires_at: number | null;
  lite_expires_at: number | null;
  /** Devices the user's plan allows (set by purchases and trials). */
  devices_allowed: Generated<number>;
  /** The free trial of the trial button was used by this account (0/1). */
  trial_used: Generated<number>;
  /** Columns the user-info call reports, written by the payment and benefits parts. */
  yearly_paid_user: Generated<number>;
  benefits_expires_at: number | null;
  is_kol: Generated<number>;
  third_party_enabled: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Set when the account was deleted: personal data is erased, the row stays for accounting. */
  deleted_at: number | null;
  /** Set while an operator has the account suspended: no login, no sessions, off the node feed. */
  suspended_at: Generated<number | null>;
  /** What the member is told at login while suspended. */
  suspension_reason: Generated<string | null>;
  /** How many of the user's orders are paid now, amount above zero (migration 0017). */
  paid_orders: Generated<number>;
  /** How many orders the user has, of any kind and status (migration 0024). */
  order_count: Generated<number>;
  /**
   * Invited users: the date the inviter's invite page shows (the first reward's, the
   * registration's before); null for users nobody invited (migration 0020).
   */
  referral_date: Generated<number | null>;
  /**
   * The traffic quota of the member's last purchase of a plan (domain TrafficQuota; null: no
   * quota) and when it was bought (migration 0047).
   */
  quota_gb: Generated<number | null>;
  quota_reset: Generated<string | null>;
  quota_purchased_at: Generated<number | null>;
  /** Over quota until this instant (the cycle's next reset): off the node feed while ahead. */
  over_quota_until: Generated<number | null>;
}

export interface UserAttributionTable {
  user_id: number;
  gclid: string | null;
  wbraid: string | null;
  gbraid: string | null;
  twclid: string | null;
  bd_vid: string | null;
  fbclid: string | null;
  msclkid: string | null;
  /** The referral/source parameter. */
  ref: string | null;
  /** `${ref}:${action}`. */
  ref_action: string | null;
  captured_at: number;
}

export interface SessionsTable {
  /** sha256 (hex) of the opaque token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  /** The verified deviceId header of the request that created the session, if any. */
  device_id: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The `platform` header (ios, android, mac, windows) of the request that signed in. */
  platform: string | null;
  /** The User-Agent that signed in (cut to 512 characters). */
  user_agent: string | null;
  /** The address that signed in, then the address of the last use. */
  ip: string | null;
  /** The last authenticated call (recorded at most every few minutes). */
  last_used_at: number | null;
}

/** Trials already given to a device id (once per device, domain trial rules). */
export interface DeviceTrialsTable {
  device_id: string;
  /** 'free' (trial button) or 'invited' (registration with an invite code). */
  kind: string;
  user_id: number | null;
  used_at: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  /** Normalised e-mail address or E.164 phone number. */
  target: string;
  channel: string;
  purpose: string;
  /** HMAC of the code with a server secret. */
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface RateCountersTable {
  key: string;
  window_start: number;
  count: number;
  expires_at: number;
}

export interface SignatureNoncesTable {
  nonce: string;
  timestamp: number;
  expires_at: number;
}

export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  /** The identifier the native app sends for itself. */
  device_key: string;
  platform: number;
  kind: number;
  system: string;
  version: string;
  name: string;
  created_at: number;
  last_seen_at: number;
}

/** Money, orders and membership changes (migration 0002-payments). */
export interface AuditLogTable {
  id: Generated<number>;
  /** 'user:<id>', 'system' or 'ops:<name>'. */
  actor: string;
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON. */
  data: string;
  at: number;
}

export interface PlansTable {
  id: number;
  group_type: number;
  duration_days: number;
  price_minor: number;
  original_price_minor: number;
  currency: string;
  devices_allowed: number;
  recommended: number;
  /** Sold as a group buy (0/1). */
  group_buy: number;
  sort_order: number;
  active: number;
  /** Monthly traffic quota in GB and its reset rule (domain traffic-quota.ts); null: none. */
  quota_gb: Generated<number | null>;
  quota_reset: Generated<string | null>;
}

/** Traffic granted on top of a member's quota, for the cycle `at` falls in (migration 0047). */
export interface TrafficTopUpsTable {
  id: Generated<number>;
  user_id: number;
  bytes: number;
  at: number;
}

/** A quota member's traffic in the cycle starting at `cycle_start`, a running total (0055). */
export interface TrafficQuotaUsageTable {
  user_id: number;
  cycle_start: number;
  upload: number;
  download: number;
}

/** The quota notices queued, once per member, cycle start and threshold (80, 100). */
export interface TrafficNoticesTable {
  user_id: number;
  cycle_start: number;
  threshold: number;
  created_at: number;
}

export interface OrdersTable {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  plan_id: number;
  kind: string;
  status: string;
  group_type: number;
  duration_days: number;
  devices_allowed: number;
  original_minor: number;
  discount_minor: number;
  amount_minor: number;
  currency: string;
  promo_code_id: number | null;
  payment_method: string;
  provider: string;
  provider_ref: string | null;
  /** The provider's id of the payment (Stripe PaymentIntent, EPay trade), once paid. */
  payment_ref: Generated<string | null>;
  checkout_url: string | null;
  idempotency_key: string;
  upgrade: Generated<number>;
  credited_standard_ms: Generated<number>;
  credited_lite_ms: Generated<number>;
  created_at: number;
  updated_at: number;
  expires_at: number;
  paid_at: number | null;
  refunded_at: number | null;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  order_id: number | null;
  type: string;
  outcome: string;
  received_at: number;
}

export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  kind: string;
  value: number;
  currency: string | null;
  starts_at: number | null;
  ends_at: number | null;
  max_uses: number | null;
  max_uses_per_user: number | null;
  plan_ids: string | null;
  active: Generated<number>;
  created_at: number;
}

export interface PromoRedemptionsTable {
  order_id: number;
  promo_code_id: number;
  user_id: number;
  created_at: number;
  released_at: number | null;
}

export interface RedeemCodesTable {
  id: Generated<number>;
  code: string;
  group_type: number;
  days: number;
  devices_allowed: number;
  max_uses: number;
  uses: Generated<number>;
  expires_at: number | null;
  active: Generated<number>;
  created_at: number;
}

export interface RedeemRedemptionsTable {
  code_id: number;
  user_id: number;
  granted_ms: number;
  at: number;
}

export interface CryptoQuotesTable {
  order_id: number;
  chain_id: number;
  token_symbol: string;
  token_address: string | null;
  recipient: string;
  amount_base: string;
  created_at: number;
}

export interface CryptoTransactionsTable {
  chain_id: number;
  tx_hash: string;
  order_id: number;
  status: string;
  from_address: string | null;
  submitted_at: number;
  confirmed_at: number | null;
}

export interface InvitationRewardsTable {
  id: Generated<number>;
  inviter_id: number;
  invitee_id: number;
  order_id: number;
  plan_id: number;
  bonus_seconds: number;
  bonus_group_type: number | null;
  created_at: number;
  /** The purchase was refunded and the bonus time taken back (0005-referral-reversal). */
  reversed_at: number | null;
}

/**
 * A benefit yearly members get: a shared account; the password is sealed (benefits/secret-box.ts).
 */
export interface BenefitsTable {
  id: Generated<number>;
  /** Stable id chosen by operations ('streaming-1'); the API's benefitId. */
  benefit_key: string;
  name: string;
  link: string;
  account_name: string;
  /** AES-256-GCM of the password, bound to benefit_key. */
  password_sealed: string;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** A server the subscription configurations list (nodes/node-store.ts). */
export interface NodesTable {
  id: Generated<number>;
  node_key: string;
  name: string;
  /** ISO 3166 alpha-2 region code ('JP'). */
  region: string;
  /** 'vless' | 'trojan' | 'shadowsocks' | 'hysteria2'. */
  protocol: string;
  host: string;
  port: number;
  /** JSON: the protocol's transport and TLS parameters (nodes/node-params.ts). */
  params: string;
  /** 'standard' | 'lite': the plan whose members get it (Standard members get both). */
  access: string;
  enabled: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
  /** sha256 (hex) of the node's feed token; null until one is issued (`pnpm ops nodes rotate-token`). */
  token_hash: string | null;
  /** The token before the last rotation, accepted until previous_token_expires_at. */
  previous_token_hash: string | null;
  previous_token_expires_at: number | null;
  token_rotated_at: number | null;
  /** Feed state: the node's last user-list pull, traffic push and alive report. */
  last_pull_at: number | null;
  last_push_at: number | null;
  last_alive_at: number | null;
  /** Port speed (Mbit/s) a traffic report is judged against. */
  capacity_mbps: Generated<number>;
  /** Members the node reported online (alive report, else its last push). */
  online_users: Generated<number>;
}

/** The third-party client switch of a user; users.third_party_enabled mirrors `enabled`. */
export interface ThirdPartyClientsTable {
  user_id: number;
  enabled: number;
  /** When the current enabled period began; null while disabled. */
  enabled_at: number | null;
  /** The last time it was switched on (the 7-day rule counts from here). */
  last_enabled_at: number | null;
  updated_at: number;
}

/** Subscription link tokens; the active one has revoked_at null (one per user). */
export interface SubscriptionTokensTable {
  /** sha256 (hex) of the token. */
  token_hash: string;
  user_id: number;
  /**
   * The token sealed with AES-256-GCM so the status call can show the link again; null once
   * revoked.
   */
  token_sealed: string | null;
  created_at: number;
  revoked_at: number | null;
  /** The link's node UUID: every node credential of the member derives from it (domain). */
  node_uuid: string | null;
}

/** A member's traffic: one row per UTC day ('d'), older days rolled up per month ('m'). */
export interface MemberTrafficTable {
  user_id: number;
  span: 'd' | 'm';
  /** Days since the epoch: the day, or a month's first day. */
  period_day: number;
  upload: number;
  download: number;
}

/** The addresses a node last reported a member online on (its alive report). */
export interface NodeAliveTable {
  node_id: number;
  user_id: number;
  /** JSON array of strings. */
  ips: string;
  reported_at: number;
}

/**
 * A group buy (migration 0004-group-buy-kol); the domain's GroupBuy is built from it and its
 * members.
 */
export interface GroupBuysTable {
  id: Generated<number>;
  public_id: string;
  creator_id: number;
  plan_id: number;
  group_type: number;
  duration_days: number;
  devices_allowed: number;
  size: number;
  payment_type: number;
  plan_price_minor: number;
  unit_price_minor: number;
  currency: string;
  status: Generated<number>;
  created_at: number;
  expires_at: number;
  finished_at: number | null;
  closed_at: number | null;
  updated_at: number;
}

/** A seat of a group: the creator's, or a friend's (held while unpaid, then joined). */
export interface GroupBuyMembersTable {
  group_id: number;
  user_id: number;
  /** 'creator' | 'member'. */
  role: string;
  /** 'pending' | 'joined' | 'released' | 'refunded'. */
  status: string;
  seat: number | null;
  order_id: number | null;
  hold_until: number | null;
  joined_at: number;
  paid_at: number | null;
  credited_standard_ms: Generated<number>;
  credited_lite_ms: Generated<number>;
  updated_at: number;
}

/** Which group an order pays for (creator's order or a friend's share). */
export interface GroupBuyOrdersTable {
  order_id: number;
  group_id: number;
  user_id: number;
  role: string;
}

/** Payments to return through their provider (expired groups, payments a group refused). */
export interface GroupBuyRefundsTable {
  order_id: number;
  group_id: number;
  /** 'group_expired' | 'group_closed' | 'late_payment'. */
  reason: string;
  /** 'due' | 'processing' | 'done'. */
  status: string;
  attempts: Generated<number>;
  claimed_at: number | null;
  done_at: number | null;
  last_error: string | null;
  created_at: number;
}

/** A KOL's first-purchase rate; users.is_kol says whether the programme applies now. */
export interface KolAccountsTable {
  user_id: number;
  rate_percent: number;
  created_at: number;
  updated_at: number;
}

export interface KolCommissionsTable {
  id: Generated<number>;
  kol_id: number;
  referred_user_id: number;
  order_id: number;
  order_public_id: string;
  group_type: number;
  duration_days: number;
  purchase_type: number;
  rate_percent: number;
  paid_minor: number;
  amount_minor: number;
  currency: string;
  earned_at: number;
  payable_at: number;
  /** 'pending' (payable from payable_at) | 'settled' | 'clawed_back'. */
  state: string;
  settled_at: number | null;
  payout_id: number | null;
  clawed_back_at: number | null;
  /** The line's number among the KOL's commissions and adjustments, 1, 2, ... (migration 0026). */
  line_no: number;
}

/**
 * Running totals per inviter (every KOL is one), kept in the transaction of each change they
 * count (migration 0017; the domain's CommissionTotals).
 */
export interface KolTotalsTable {
  kol_id: number;
  held_minor: Generated<number>;
  open_adjustments_minor: Generated<number>;
  settled_minor: Generated<number>;
  commission_lines: Generated<number>;
  payouts: Generated<number>;
  invitees: Generated<number>;
  paid_invitees: Generated<number>;
  /** How many commissions and adjustments the KOL has: the last line's number. */
  line_count: Generated<number>;
}

/** A negative entry for a settled commission whose order was refunded. */
export interface KolAdjustmentsTable {
  id: Generated<number>;
  kol_id: number;
  commission_id: number;
  order_id: number;
  amount_minor: number;
  currency: string;
  created_at: number;
  settled_at: number | null;
  payout_id: number | null;
  /** The line's number among the KOL's commissions and adjustments (see kol_commissions). */
  line_no: number;
}

export interface KolPayoutsTable {
  id: Generated<number>;
  public_id: string;
  kol_id: number;
  amount_minor: number;
  currency: string;
  period_start: number;
  period_end: number;
  tx_hash: string | null;
  paid_at: number;
  actor: string;
  /** The wallet the payout went to, as it was when it was made (null before 0015). */
  wallet_network: string | null;
  wallet_address: string | null;
}

/** A member's application to the KOL programme (migration 0015). */
export interface KolApplicationsTable {
  id: Generated<number>;
  user_id: number;
  /** 'pending' | 'approved' | 'declined'. */
  status: string;
  /** JSON array of channel links. */
  links: string;
  audience: string;
  wallet_network: string;
  wallet_address: string;
  submitted_at: number;
  decided_at: number | null;
  decided_by: string | null;
  decline_reason: string | null;
}

/** The payout wallet in force per KOL. */
export interface KolWalletsTable {
  user_id: number;
  network: string;
  address: string;
  updated_at: number;
  updated_by: string;
}

/** Notice e-mails waiting to be sent (src/mail). */
export interface MailQueueTable {
  id: Generated<number>;
  to_address: string;
  language: string;
  kind: string;
  /** JSON of the texts' variables. */
  vars: string;
  /** 'due' | 'sending' | 'sent' | 'failed' | 'skipped' (unsubscribed before it was sent). */
  status: string;
  attempts: Generated<number>;
  created_at: number;
  claimed_at: number | null;
  sent_at: number | null;
  last_error: string | null;
  /** The member it is for (0021), for their unsubscribe choice and link; null: an address only. */
  user_id: number | null;
}

/** The notice categories a member turned off (domain MailCategory). */
export interface MailOptOutsTable {
  user_id: number;
  category: string;
  created_at: number;
}

/** A membership notice already queued: once per member, plan, notice and end instant. */
export interface MembershipNoticesTable {
  user_id: number;
  /** 'standard' | 'lite'. */
  plan: string;
  /** domain MembershipNotice. */
  notice: string;
  expires_at: number;
  created_at: number;
}

/**
 * Run-time settings (src/settings/): one row per key an operator has set. `value` is the JSON
 * of the value, null once unset (the row stays so `version` only grows). Every change adds one to
 * its row's version, so the sum of versions changes with every change: what each process's
 * cache compares.
 */
export interface SettingsTable {
  key: string;
  value: string | null;
  version: number;
  updated_at: number;
  /** The actor ('ops:alice', 'admin:3'...). */
  updated_by: string;
}

/** Operators of the console (src/admin): not members, with their own sessions. */
export interface OperatorsTable {
  id: Generated<number>;
  /** Lower-cased (domain operatorNameKey). */
  username: string;
  /** domain OperatorRole. */
  role: string;
  password_hash: string;
  /** The TOTP secret (base32), sealed; null until enrolment is confirmed. */
  totp_secret: string | null;
  /** The secret of an enrolment under way, sealed. */
  totp_pending: string | null;
  totp_last_step: number | null;
  enrolled_at: number | null;
  disabled_at: number | null;
  last_login_at: number | null;
  created_at: number;
  /** The audit actor who created it ('ops:alice', 'operator:1'). */
  created_by: string;
}

export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  operator_id: number;
  /** sha256 (hex) of the normalised code. */
  code_hash: string;
  used_at: number | null;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: number;
  /** 'enrolment' | 'full'. */
  stage: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** A member's support ticket (src/tickets). */
export interface TicketsTable {
  id: Generated<number>;
  user_id: number;
  subject: string;
  /** domain TicketCategory. */
  category: string;
  /** domain TicketStatus. */
  status: string;
  /** The public id of one of the member's orders, or null. */
  order_id: string | null;
  device_id: number | null;
  /** The device's name when the ticket was opened (the device may be unbound since). */
  device_name: string | null;
  /** The operator who took it. */
  assignee_id: number | null;
  created_at: number;
  /** The last message or action. */
  updated_at: number;
}

/** A ticket's thread: messages and the actions taken from it, oldest first. */
export interface TicketMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  /** 'member' | 'support' | 'action'. */
  author: string;
  operator_id: number | null;
  body: string;
  /** JSON of contract TicketAction, null for a message. */
  action: string | null;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  user_attribution: UserAttributionTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  rate_counters: RateCountersTable;
  signature_nonces: SignatureNoncesTable;
  devices: DevicesTable;
  device_trials: DeviceTrialsTable;
  audit_log: AuditLogTable;
  plans: PlansTable;
  traffic_top_ups: TrafficTopUpsTable;
  traffic_quota_usage: TrafficQuotaUsageTable;
  traffic_notices: TrafficNoticesTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  redeem_codes: RedeemCodesTable;
  redeem_redemptions: RedeemRedemptionsTable;
  crypto_quotes: CryptoQuotesTable;
  crypto_transactions: CryptoTransactionsTable;
  invitation_rewards: InvitationRewardsTable;
  benefits: BenefitsTable;
  nodes: NodesTable;
  third_party_clients: ThirdPartyClientsTable;
  subscription_tokens: SubscriptionTokensTable;
  member_traffic: MemberTrafficTable;
  node_alive: NodeAliveTable;
  group_buys: GroupBuysTable;
  group_buy_members: GroupBuyMembersTable;
  group_buy_orders: GroupBuyOrdersTable;
  group_buy_refunds: GroupBuyRefundsTable;
  kol_accounts: KolAccountsTable;
  kol_commissions: KolCommissionsTable;
  kol_adjustments: KolAdjustmentsTable;
  kol_payouts: KolPayoutsTable;
  kol_totals: KolTotalsTable;
  kol_applications: KolApplicationsTable;
  kol_wallets: KolWalletsTable;
  mail_queue: MailQueueTable;
  mail_opt_outs: MailOptOutsTable;
  membership_notices: MembershipNoticesTable;
  settings: SettingsTable;
  operators: OperatorsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_sessions: OperatorSessionsTable;
  telegram_links: TelegramLinksTable;
  telegram_link_codes: TelegramLinkCodesTable;
  telegram_queue: TelegramQueueTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  operator_alerts: OperatorAlertsTable;
  api_tokens: ApiTokensTable;
}

/** A scoped API token (0051, src/api-tokens): the secret's SHA-256, never the secret. */
export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  /** JSON array of console permissions (domain API_TOKEN_SCOPES). */
  scopes: string;
  token_hash: string;
  created_by: number;
  created_by_name: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** An operator alert (0048, src/alerts): open while what it names is wrong. */
export interface OperatorAlertsTable {
  /** What it is about: `node_offline:<node id>`, `payment_failing:<provider>`. */
  key: string;
  kind: string;
  opened_at: number;
  closed_at: number | null;
  times_opened: Generated<number>;
}

/** A member's linked Telegram chat (0050, src/telegram). */
export interface TelegramLinksTable {
  user_id: number;
  chat_id: string;
  username: string | null;
  /** 1: notices go to the chat; 0: linked for /status and /sub only. */
  notices: Generated<number>;
  linked_at: number;
}

/** A one-time code of a `t.me/<bot>?start=<code>` link (0050), stored as SHA-256. */
export interface TelegramLinkCodesTable {
  code_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
}

/** A Telegram message waiting to be sent (0050), claimed as mail_queue rows are. */
export interface TelegramQueueTable {
  id: Generated<number>;
  chat_id: string;
  user_id: number | null;
  text: string;
  /** 'due' | 'sending' | 'sent' | 'failed' | 'skipped'. */
  status: string;
  attempts: Generated<number>;
  created_at: number;
  due_at: number;
  claimed_at: number | null;
  sent_at: number | null;
  last_error: string | null;
}

/** Where operators want events sent (0054, src/webhooks). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  /** 1: events are queued for it; 0: none are. */
  enabled: number;
  /** The HMAC key of the Nimbus-Signature header. */
  secret: string;
  created_at: number;
  updated_at: number;
}

/** One event for one endpoint (0054): queued, claimed as mail_queue rows are, then the log. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  payload: string;
  /** 'due' | 'sending' | 'delivered' | 'failed'. */
  status: string;
  attempts: Generated<number>;
  created_at: number;
  due_at: number;
  claimed_at: number | null;
  delivered_at: number | null;
  response_status: number | null;
  duration_ms: number | null;
  last_error: string | null;
}
