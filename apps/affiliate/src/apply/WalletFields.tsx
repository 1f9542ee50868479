import { PAYOUT_NETWORKS } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import * as styles from './apply.css.ts';

export interface WalletValue {
  network: string;
  address: string;
}

/** The payout network and address, as the application and the wallet page ask for them. */
export function WalletFields({
  value,
  onChange,
  errors,
}: {
  value: WalletValue;
  onChange: (next: WalletValue) => void;
  errors: { network?: string | undefined; address?: string | undefined };
}) {
  const { t } = useTranslation(['kol']);
  return (
    <div className={styles.wallet}>
      <SelectField
        label={t('kol:wallet_network')}
        placeholder={t('kol:wallet_network_placeholder')}
        options={PAYOUT_NETWORKS.map((n) => ({ value: n.id, label: n.name }))}
        value={value.network}
        onChange={(event) => onChange({ ...value, network: event.target.value })}
        error={errors.network}
        name="network"
      />
      <TextField
        label={t('kol:payout_address')}
        placeholder={t('kol:payout_address_placeholder')}
        hint={t('kol:wallet_hint')}
        value={value.address}
        onChange={(event) => onChange({ ...value, address: event.target.value })}
        error={errors.address}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        name="address"
      />
    </div>
  );
}
