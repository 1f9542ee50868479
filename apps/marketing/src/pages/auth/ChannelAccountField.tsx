import { validateEmail } from '@nimbus/domain/email';
import type { CountryCode } from '@nimbus/domain/phone';
import { validateUsername } from '@nimbus/domain/username';
import { useLanguage, useTranslation } from '@nimbus/i18n';
import { Spinner } from '@nimbus/ui/spinner';
import { TextField } from '@nimbus/ui/text-field';
import * as page from '../../styles/page.css.ts';
import { checkPhone, type PhoneSupport } from './phone-support.ts';

type Channel = 'username' | 'email' | 'phone';

/**
 * The account typed into a tab, checked as its channel requires (a phone number with the page's
 * phone support).
 */
export function checkChannelAccount(
  channel: Channel,
  account: string,
  country: CountryCode,
  phone: PhoneSupport | undefined,
) {
  return channel === 'email'
    ? validateEmail(account)
    : channel === 'phone'
      ? checkPhone(phone, account, country)
      : validateUsername(account);
}

/**
 * The account input of a tab: e-mail, phone with country, or username. The phone field comes
 * with the page's phone support (usePhoneSupport), loading until it has arrived.
 */
export function ChannelAccountField({
  channel,
  phone,
  value,
  onChange,
  country,
  onCountryChange,
  error,
}: {
  channel: Channel;
  phone: PhoneSupport | undefined;
  value: string;
  onChange: (value: string) => void;
  country: CountryCode;
  onCountryChange: (country: CountryCode) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const language = useLanguage();
  if (channel === 'phone') {
    if (!phone)
      return (
        <div className={page.pendingBlock}>
          <Spinner label={t('common:loading')} showLabel />
        </div>
      );
    const { PhoneField } = phone;
    return (
      <PhoneField
        label={t('auth:field_phone')}
        countrySelectLabel={t('auth:field_country_code')}
        locale={language}
        country={country}
        onCountryChange={onCountryChange}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('auth:placeholder_phone')}
        error={error}
      />
    );
  }
  const email = channel === 'email';
  return (
    <TextField
      label={email ? t('auth:field_email') : t('auth:field_username')}
      type={email ? 'email' : 'text'}
      autoComplete={email ? 'email' : 'username'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={email ? t('auth:placeholder_email') : t('auth:placeholder_username')}
      hint={email ? undefined : t('auth:hint_username')}
      error={error}
    />
  );
}
