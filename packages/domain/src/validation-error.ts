/**
 * Every validation error code. They are the keys of the `validation` namespace of the i18n
 * catalogues, so a form shows `t(`validation:${error}`, params)` and the server localises the
 * same code. English texts, for reference:
 * invalid_email 'Invalid email address' - email_required 'Please enter your email address' -
 * invalid_phone 'Invalid phone number' - phone_required 'Please enter your phone number' -
 * password_required 'Please enter your password' - password_too_short 'Password must be at least 8
 * characters' -
 * password_too_long 'Password must be at most 128 characters' - passwords_mismatch 'The two
 * passwords do not match' -
 * account_required 'Please enter your username, email or phone number' - username_required 'Please
 * enter a username' -
 * username_invalid 'Username must be 4-20 letters, digits or underscores, starting with a letter' -
 * agreement_required 'Please agree to the User Agreement and Privacy Policy' - check_input 'Please
 * check your input' -
 * code_required 'Please enter the verification code' - code_invalid_format 'The verification code
 * is 6 digits' -
 * invite_code_invalid_format 'Invite codes are 6-12 letters or digits' - promo_code_required 'Enter
 * your promo code to continue.' -
 * product_id_invalid 'Invalid product ID.' - network_required 'Please choose a network first' -
 * token_required 'Please choose a token' - redeem_code_required 'Please enter your redeem code' -
 * tx_hash_invalid 'Invalid transaction hash' - wallet_address_invalid 'Invalid wallet address' -
 * text_required 'This field cannot be empty' - text_too_long 'Must be at most {{max}} characters' -
 * operator_name_invalid 'Operator names are 3-32 letters, digits, dots, dashes or underscores,
 * starting with a letter' -
 * channel_link_required, channel_link_invalid, too_many_channel_links, audience_required,
 * payout_network_invalid, reason_required (the KOL application and payout wallet).
 * days_invalid ... node_params_json: the operator console's plans, codes, settings and nodes.
 * benefit_key_invalid ... benefit_sort_invalid: a benefit's fields (domain `benefitProblems`).
 * reality_key_invalid ... vmess_sni_without_tls: a node's protocol fields (`realityFieldErrors`,
 * `shadowsocksFieldErrors`, `vmessFieldErrors`); quota_invalid ... top_up_invalid: traffic quotas (`traffic-quota.ts`).
 */
export const VALIDATION_ERRORS = [
  'invalid_email',
  'email_required',
  'invalid_phone',
  'phone_required',
  'password_required',
  'password_too_short',
  'password_too_long',
  'passwords_mismatch',
  'account_required',
  'username_required',
  'username_invalid',
  'agreement_required',
  'check_input',
  'code_required',
  'code_invalid_format',
  'invite_code_invalid_format',
  'promo_code_required',
  'product_id_invalid',
  'network_required',
  'token_required',
  'redeem_code_required',
  'tx_hash_invalid',
  'wallet_address_invalid',
  'text_required',
  'text_too_long',
  'operator_name_invalid',
  'channel_link_required',
  'channel_link_invalid',
  'too_many_channel_links',
  'audience_required',
  'payout_network_invalid',
  'reason_required',
  'days_invalid',
  'amount_invalid',
  'original_below_price',
  'devices_invalid',
  'promo_code_invalid_format',
  'redeem_code_invalid_format',
  'percent_invalid',
  'count_invalid',
  'date_range_invalid',
  'date_in_past',
  'setting_invalid',
  'node_invalid',
  'node_key_invalid',
  'node_name_invalid',
  'region_invalid',
  'host_invalid',
  'port_invalid',
  'capacity_invalid',
  'node_params_json',
  'benefit_key_invalid',
  'benefit_name_invalid',
  'benefit_link_invalid',
  'benefit_account_invalid',
  'benefit_password_required',
  'benefit_password_invalid',
  'benefit_sort_invalid',
  'reality_key_invalid',
  'reality_short_id_invalid',
  'ss_cipher_invalid',
  'ss_server_key_invalid',
  'vmess_alter_id_invalid',
  'vmess_sni_required',
  'vmess_sni_without_tls',
  'quota_invalid',
  'reset_rule_invalid',
  'top_up_invalid',
  'top_up_no_quota',
] as const;

export type ValidationError = (typeof VALIDATION_ERRORS)[number];

export function isValidationError(value: string): value is ValidationError {
  return (VALIDATION_ERRORS as readonly string[]).includes(value);
}
