import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { payoutBlock } from '@nimbus/domain';
import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { TextField } from '@nimbus/ui/text-field';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { messageOf } from '../errors.ts';

interface FormProps {
  kol: AdminResponseOf<'adminKolDetail'>['kol'];
  onChanged: () => void;
}

/** Finance changes a KOL's first-purchase rate (25-100 %, the domain's rule on the server). */
export function KolRateForm({ kol, onChanged }: FormProps) {
  const { t } = useTranslation('admin-kol');
  const [rate, setRate] = useState(String(kol.ratePercent));
  const [notice, setNotice] = useState('');
  const save = useMutation({
    mutationFn: () =>
      consoleApi().adminKolSetRate({ userId: kol.userId, ratePercent: Number(rate) }),
    onSuccess: ({ kol: changed }) => {
      setNotice(t('rate_saved', { rate: changed.ratePercent }));
      onChanged();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    save.mutate();
  };
  return (
    <section className={styles.card} aria-labelledby="kol-rate">
      <h2 id="kol-rate" className={styles.sectionTitle}>
        {t('rate_title')}
      </h2>
      <form className={styles.inlineForm} onSubmit={submit}>
        <TextField
          label={t('rate_label')}
          name="rate"
          inputMode="numeric"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          required
        />
        <Button type="submit" loading={save.isPending}>
          {t('rate_save')}
        </Button>
      </form>
      {save.isError && (
        <p role="alert" className={styles.alert}>
          {messageOf(save.error)}
        </p>
      )}
      <p role="status">{notice}</p>
    </section>
  );
}

/**
 * Finance pays a KOL everything payable (outside the console, to the wallet shown) and records
 * the transfer's hash: the server settles the commissions and the KOL's dashboard shows it.
 */
export function KolPayoutForm({ kol, hasWallet, onChanged }: FormProps & { hasWallet: boolean }) {
  const { t } = useTranslation('admin-kol');
  const language = useLanguage();
  const [txHash, setTxHash] = useState('');
  const [notice, setNotice] = useState('');
  const money = (minor: number) => formatMoney(minor, kol.currency, language);
  const block = payoutBlock(kol.payableMinor, hasWallet, kol.thresholdMinor);
  const record = useMutation({
    mutationFn: () => consoleApi().adminKolPayout({ userId: kol.userId, txHash: txHash.trim() }),
    onSuccess: ({ payout }) => {
      setTxHash('');
      setNotice(
        t('payout_recorded', {
          id: payout.payoutId,
          amount: formatMoney(payout.amountMinor, payout.currency, language),
        }),
      );
      onChanged();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    record.mutate();
  };
  return (
    <section className={styles.card} aria-labelledby="kol-payout">
      <h2 id="kol-payout" className={styles.sectionTitle}>
        {t('payout_title')}
      </h2>
      {block === 'no_wallet' ? (
        <p data-testid="kol-payout-no-wallet">
          {t('payout_no_wallet', { amount: money(kol.payableMinor) })}
        </p>
      ) : block === null ? (
        <>
          <p>{t('payout_intro', { amount: money(kol.payableMinor) })}</p>
          <form className={styles.inlineForm} onSubmit={submit}>
            <TextField
              label={t('tx_hash')}
              name="txHash"
              autoComplete="off"
              spellCheck={false}
              value={txHash}
              onChange={(e) => setTxHash(e.target.value)}
              required
            />
            <Button type="submit" loading={record.isPending}>
              {t('record_payout')}
            </Button>
          </form>
        </>
      ) : (
        <p>
          {t('payout_not_eligible', {
            amount: money(kol.payableMinor),
            threshold: money(kol.thresholdMinor),
          })}
        </p>
      )}
      {record.isError && (
        <p role="alert" className={styles.alert}>
          {messageOf(record.error)}
        </p>
      )}
      <p role="status">{notice}</p>
    </section>
  );
}
