import { useState } from 'react';
import type { CommissionRecord, SettlementRecord } from '@nimbus/api-sdk/contract';
import { useApi } from '@nimbus/api-sdk/react';
import { MS_PER_DAY } from '@nimbus/domain';
import { useTranslation, type Language } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { TextField } from '@nimbus/ui/text-field';
import { useToast } from '@nimbus/ui/toast';
import { commissionText, settlementText, toCsv } from './record-text.ts';
import * as styles from './dashboard.css.ts';

/** yyyy-mm-dd of a UTC instant, as a date input takes it. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (text: string) => Date.parse(`${text}T00:00:00Z`);

/** Records of a range, every page (100 a page; at most 100 pages). */
async function allRecords<T>(
  fetchPage: (page: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= 100; page++) {
    const answer = await fetchPage(page);
    rows.push(...answer.items);
    if (answer.items.length === 0 || rows.length >= answer.total) break;
  }
  return rows;
}

function download(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Commission and settlement records of a date range (UTC days, both ends included) as CSV files
 * with the tables' columns and texts.
 */
export function ExportCard({ now, language }: { now: number; language: Language }) {
  const { t } = useTranslation(['kol', 'common']);
  const api = useApi();
  const toast = useToast();
  const [from, setFrom] = useState(() => isoDay(now - 30 * MS_PER_DAY));
  const [to, setTo] = useState(() => isoDay(now));
  const [busy, setBusy] = useState<'commission' | 'settlement' | null>(null);
  const invalid =
    Number.isNaN(dayStart(from)) || Number.isNaN(dayStart(to)) || dayStart(to) < dayStart(from);

  const run = async (tab: 'commission' | 'settlement') => {
    if (invalid) return;
    setBusy(tab);
    try {
      const range = { from: dayStart(from), to: dayStart(to) + MS_PER_DAY };
      const rows = await allRecords<CommissionRecord | SettlementRecord>(async (page) => {
        const answer = await api.call('systemAffiliate', { tab, page, pageSize: 100, ...range });
        return answer.isKol
          ? {
              items: answer.records.items as (CommissionRecord | SettlementRecord)[],
              total: answer.records.total,
            }
          : { items: [], total: 0 };
      });
      const csv =
        tab === 'commission'
          ? toCsv(commissionText(t, language), rows as CommissionRecord[])
          : toCsv(settlementText(t, language), rows as SettlementRecord[]);
      download(`nimbus-${t(`kol:export_file_${tab}`)}-${from}-${to}.csv`, csv);
      toast.success(t('kol:export_done', { count: rows.length }));
    } catch {
      // A failed call is on screen as a toast already.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('kol:export_title')}>
      <p className={styles.note}>{t('kol:export_desc')}</p>
      <div className={styles.exportRow}>
        <TextField
          type="date"
          label={t('kol:export_from')}
          value={from}
          max={to}
          onChange={(event) => setFrom(event.target.value)}
          name="export-from"
        />
        <TextField
          type="date"
          label={t('kol:export_to')}
          value={to}
          min={from}
          onChange={(event) => setTo(event.target.value)}
          error={invalid ? t('kol:export_range_invalid') : undefined}
          name="export-to"
        />
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          loading={busy === 'commission'}
          disabled={invalid || busy !== null}
          onClick={() => void run('commission')}
        >
          {t('kol:export_commission')}
        </Button>
        <Button
          variant="secondary"
          loading={busy === 'settlement'}
          disabled={invalid || busy !== null}
          onClick={() => void run('settlement')}
        >
          {t('kol:export_settlement')}
        </Button>
      </div>
    </Card>
  );
}
