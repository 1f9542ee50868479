import type { PaymentMethod } from '@nimbus/api-sdk/contract';
import { useTranslation } from '@nimbus/i18n';
import * as styles from './payment-methods.css.ts';

/** The catalogue key of each payment method's name. */
export const PAYMENT_METHOD_LABEL = {
  card: 'pricing:pay_card',
  alipay: 'pricing:pay_alipay',
  wechat: 'pricing:pay_wechat',
  paypal: 'pricing:pay_paypal',
  crypto: 'pricing:pay_crypto',
} as const satisfies Record<PaymentMethod, string>;

/** The payment methods the client config offers, as a native radio group. */
export function PaymentMethodPicker({
  methods,
  value,
  onChange,
  name = 'payment-method',
}: {
  methods: readonly PaymentMethod[];
  value: PaymentMethod | undefined;
  onChange: (method: PaymentMethod) => void;
  name?: string;
}) {
  const { t } = useTranslation(['pricing']);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('pricing:payment_method')}</legend>
      {methods.map((method) => (
        <label key={method} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
          />
          <span>
            <span className={styles.label}>{t(PAYMENT_METHOD_LABEL[method])}</span>
            <span className={styles.desc}>
              {t(method === 'crypto' ? 'pricing:pay_crypto_desc' : 'pricing:pay_card_desc')}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
