import {
  FREE_TRIAL_MINUTES,
  KOL_PAYOUT_THRESHOLD_MINOR,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  THIRD_PARTY_ENABLE_COOLDOWN_DAYS,
  THIRD_PARTY_SPEED_LIMIT_MBPS,
  UPTIME_CLAIM_PERCENT,
  VERIFICATION_CODE_LENGTH,
} from '@nimbus/domain/constants';
import { VALIDATION_ERRORS } from '@nimbus/domain/validation-error';
import { describe, expect, test } from 'vitest';
import { resources } from '../src/resources.ts';

type Flat = Record<string, string>;
const text = (language: 'en' | 'zh-CN', id: string): string | undefined => {
  const [ns = '', key = ''] = id.split(':');
  return (resources[language] as unknown as Record<string, Flat>)[ns]?.[key];
};

describe('texts the spec quotes appear verbatim in English', () => {
  test.each([
    ['Invalid email address', 'validation:invalid_email'],
    ['Invalid phone number', 'validation:invalid_phone'],
    ['Password must be at least 8 characters', 'validation:password_too_short'],
    ['Please agree to the User Agreement and Privacy Policy', 'validation:agreement_required'],
    ['Please check your input', 'validation:check_input'],
    ['Please check your input', 'errors:validation_failed'],
    ['Enter your promo code to continue.', 'pricing:promo_prompt'],
    ['Enter your promo code to continue.', 'validation:promo_code_required'],
    ['Invalid product ID.', 'pricing:invalid_product'],
    ['Invalid product ID.', 'errors:product_invalid'],
    ['Network error. Please try again later.', 'errors:network'],
    ['Oops! An error occurred', 'common:error_title'],
    ["You're not a KOL yet", 'kol:not_kol'],
    ["You're not a KOL yet", 'errors:not_kol'],
    ['Log in to Pay', 'pricing:login_to_pay'],
    ['Log In and Join Now', 'group-buy:login_and_join'],
    ['copied', 'common:copied'],
    ['/ page', 'common:pagination_per_page'],
    ['Ended', 'common:ended'],
    ['Ended', 'group-buy:ended'],
    ['Have you completed the payment?', 'pricing:result_question'],
    [
      'Payment not detected. If you have paid, please contact support.',
      'errors:payment_not_detected',
    ],
    ['15-minute free trial', 'home:trial_button'],
    ['99.999% uptime', 'home:perf_uptime'],
    ['Back to Homepage', 'common:not_found_back_home'],
    ['Please log in to continue.', 'errors:unauthorized'],
    ['Too many requests. Please try again later.', 'errors:rate_limited'],
    ['Device ID error. Please try again or contact support.', 'errors:device_id_invalid'],
    ['You can enable it again on {{date}}.', 'errors:third_party_cooldown'],
  ])('"%s" is %s', (quoted, id) => {
    expect(text('en', id)).toBe(quoted);
  });
});

describe('the Chinese of the quoted texts reads naturally', () => {
  test.each([
    ['common:copied', ['已复制', '复制成功']],
    ['common:pagination_per_page', ['条/页']],
    ['common:ended', ['已结束']],
    ['group-buy:ended', ['已结束']],
    ['pricing:login_to_pay', ['登录后支付']],
    ['group-buy:login_and_join', ['登录并立即参团']],
    ['errors:device_id_invalid', ['设备ID错误，请重试或联系客服']],
  ])('%s', (id, accepted) => {
    expect(accepted).toContain(text('zh-CN', id));
  });
});

describe('texts with variables carry them', () => {
  test.each([
    ['errors:account_locked', '{{minutes}}'],
    ['errors:code_resend_too_soon', '{{seconds}}'],
    ['errors:third_party_cooldown', '{{date}}'],
    ['auth:resend_in', '{{seconds}}'],
    ['third-party:cooldown', '{{date}}'],
    ['validation:text_too_long', '{{max}}'],
  ])('%s uses %s in both languages', (id, variable) => {
    expect(text('en', id)).toContain(variable);
    expect(text('zh-CN', id)).toContain(variable);
  });
});

// The domain package returns these codes; their English is fixed by the brief, word for word.
const VALIDATION: Record<string, string> = {
  invalid_email: 'Invalid email address',
  email_required: 'Please enter your email address',
  invalid_phone: 'Invalid phone number',
  phone_required: 'Please enter your phone number',
  password_required: 'Please enter your password',
  password_too_short: 'Password must be at least 8 characters',
  password_too_long: 'Password must be at most 128 characters',
  passwords_mismatch: 'The two passwords do not match',
  account_required: 'Please enter your username, email or phone number',
  username_required: 'Please enter a username',
  username_invalid: 'Username must be 4-20 letters, digits or underscores, starting with a letter',
  agreement_required: 'Please agree to the User Agreement and Privacy Policy',
  check_input: 'Please check your input',
  code_required: 'Please enter the verification code',
  code_invalid_format: 'The verification code is 6 digits',
  invite_code_invalid_format: 'Invite codes are 6-12 letters or digits',
  promo_code_required: 'Enter your promo code to continue.',
  product_id_invalid: 'Invalid product ID.',
  network_required: 'Please choose a network first',
  token_required: 'Please choose a token',
  redeem_code_required: 'Please enter your redeem code',
  tx_hash_invalid: 'Invalid transaction hash',
  wallet_address_invalid: 'Invalid wallet address',
  text_required: 'This field cannot be empty',
  text_too_long: 'Must be at most {{max}} characters',
  operator_name_invalid:
    'Operator names are 3-32 letters, digits, dots, dashes or underscores, starting with a letter',
  channel_link_required: 'Add at least one link to a channel you publish on',
  channel_link_invalid: 'Enter a full web address starting with https://',
  too_many_channel_links: 'Add at most {{max}} links',
  audience_required: 'Tell us about your audience',
  payout_network_invalid: 'Choose a network for your payouts',
  reason_required: 'Please give a reason',
  days_invalid: 'Days must be a whole number from 1 to {{max}}',
  amount_invalid: 'Enter an amount such as 12.99',
  original_below_price: 'The original price must not be below the price',
  devices_invalid: 'Devices must be a whole number from 1 to {{max}}',
  promo_code_invalid_format: 'Codes are 3-32 letters, digits, dashes or underscores',
  redeem_code_invalid_format: 'Codes are 6-32 letters, digits, dashes or underscores',
  percent_invalid: 'A percentage is a whole number from 1 to 100',
  count_invalid: 'Enter a whole number from 1 to {{max}}',
  date_range_invalid: 'The end must be after the start',
  date_in_past: 'Choose a time in the future',
  setting_invalid: 'This value is not valid: {{problem}}',
  node_invalid: 'The node is not valid: {{problem}}',
  node_key_invalid:
    'Keys are 1-63 lower-case letters, digits or dashes, starting with a letter or digit',
  node_name_invalid: 'Names are 1-64 characters without commas',
  region_invalid: 'Enter a two-letter region code such as JP',
  host_invalid: 'Enter a host name or an IP address',
  port_invalid: 'Ports are whole numbers from 1 to 65535',
  capacity_invalid: 'Enter a whole number of Mbit/s from 1 to {{max}}',
  node_params_json: 'Enter the settings as a JSON object, for example {"sni": "jp1.example.com"}',
  benefit_key_invalid:
    'The key must be 1-63 lower-case letters, digits or dashes, starting with a letter or digit',
  benefit_name_invalid: 'The name must be 1-{{max}} characters on one line',
  benefit_link_invalid:
    'The link must be a web address starting with https:// or http://, at most {{max}} characters',
  benefit_account_invalid: 'The account name must be 1-{{max}} characters on one line',
  benefit_password_required: "A new benefit needs the account's password",
  benefit_password_invalid: 'The password must be at most {{max}} characters',
  benefit_sort_invalid: 'The position must be a whole number from -{{max}} to {{max}}',
  reality_key_invalid: 'REALITY keys are 43 characters of base64url (as `xray x25519` prints them)',
  reality_short_id_invalid: 'Short ids are 0 to 16 lower-case hex digits, an even number of them',
  ss_cipher_invalid: 'Choose a cipher the node software runs: {{ciphers}}',
  ss_server_key_invalid:
    '2022 ciphers need a server key of their length in base64 (openssl rand -base64 16 or 32); classic ciphers take none',
  vmess_alter_id_invalid:
    'VMess nodes run AEAD only: alterId is 0 (V2bX and XrayR add every member with 0)',
  vmess_sni_required: "VMess with TLS needs an SNI: the name on the node's certificate",
  vmess_sni_without_tls: 'An SNI is only for VMess with TLS: turn TLS on or leave the SNI out',
  quota_invalid: 'Quotas are whole GB from 1 to {{max}}',
  reset_rule_invalid:
    'Choose when the quota starts again: the 1st of the month, the purchase day or never',
  top_up_invalid: 'Top-ups are whole GB from 1 to {{max}}',
  top_up_no_quota: "This member's plan has no traffic quota to top up",
};

test('the validation namespace is exactly the codes of the domain package', () => {
  expect(resources.en.validation).toEqual(VALIDATION);
  expect(Object.keys(VALIDATION).sort()).toEqual([...VALIDATION_ERRORS].sort());
  expect(Object.keys(resources['zh-CN'].validation).sort()).toEqual(Object.keys(VALIDATION).sort());
});

describe('numbers in texts match the business constants of @nimbus/domain', () => {
  test.each([
    ['home:trial_button', `${FREE_TRIAL_MINUTES}`],
    ['home:trial_started', `${FREE_TRIAL_MINUTES}`],
    ['home:perf_uptime', `${UPTIME_CLAIM_PERCENT}%`],
    ['meta:home_description', `${UPTIME_CLAIM_PERCENT}%`],
    ['validation:password_too_short', `${PASSWORD_MIN_LENGTH}`],
    ['validation:password_too_long', `${PASSWORD_MAX_LENGTH}`],
    ['validation:code_invalid_format', `${VERIFICATION_CODE_LENGTH}`],
    ['third-party:speed_notice', `${THIRD_PARTY_SPEED_LIMIT_MBPS} Mbps`],
    ['third-party:enable_confirm_body', `${THIRD_PARTY_SPEED_LIMIT_MBPS} Mbps`],
    ['third-party:cooldown_rule', `${THIRD_PARTY_ENABLE_COOLDOWN_DAYS}`],
    ['kol:payout_threshold_note', `${KOL_PAYOUT_THRESHOLD_MINOR / 100}`],
  ])('%s mentions %s in both languages', (id, number) => {
    expect(text('en', id)).toContain(number);
    expect(text('zh-CN', id)).toContain(number);
  });
});

test('the FAQ answers at least ten real questions, each with an answer', () => {
  const faq = resources.en.faq as Flat;
  const questions = Object.keys(faq).filter((k) => k.endsWith('_q'));
  expect(questions.length).toBeGreaterThanOrEqual(10);
  for (const q of questions) expect(faq[q.replace(/_q$/, '_a')]?.length ?? 0).toBeGreaterThan(80);
  for (const topic of [
    'logging',
    'devices',
    'refund',
    'payment_methods',
    'china',
    'speed',
    'trial',
    'group_buy',
    'affiliate_payout',
    'third_party',
  ]) {
    expect(faq[`${topic}_q`], topic).toBeTruthy();
  }
});

test('each legal text has several paragraphs of substance', () => {
  const legal = resources.en.legal as Flat;
  for (const doc of ['terms', 'privacy', 'canary']) {
    const body = Object.entries(legal)
      .filter(([k]) => k.startsWith(`${doc}_`) && !k.endsWith('_title'))
      .map(([, v]) => v);
    expect(body.length, doc).toBeGreaterThanOrEqual(3);
    expect(body.join(' ').split(/\s+/).length, doc).toBeGreaterThan(120);
  }
});

describe('every public route has a page title and a description (meta)', () => {
  const meta = resources.en.meta as Flat;
  test.each([
    ['/', 'home'],
    ['/pricing', 'pricing'],
    ['/group-buying', 'group_buying'],
    ['/crypto-pay/:productId', 'crypto_pay'],
    ['/purchased', 'purchased'],
    ['/download', 'download'],
    ['/download/tips', 'download_tips'],
    ['/download/smart_links', 'smart_links'],
    ['/affiliate', 'affiliate'],
    ['/faq', 'faq'],
    ['/clause/terms', 'terms'],
    ['/clause/privacy', 'privacy'],
    ['/clause/canary', 'canary'],
    ['/apple-help', 'apple_help'],
    ['/trial', 'trial'],
    ['/loading', 'loading'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/resetpassword', 'reset_password'],
    ['*', 'not_found'],
  ])('%s has meta:%s_title and its _description', (_route, prefix) => {
    expect(meta[`${prefix}_title`]).toMatch(/Nimbus/);
    expect(meta[`${prefix}_description`]?.length ?? 0).toBeGreaterThan(20);
  });
});
