import type { AdminRequestOf } from '@nimbus/api-sdk/admin';
import { useTranslation } from '@nimbus/i18n';
import { SelectField, TextAreaField, TextField } from '@nimbus/ui/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import { dayStart } from '../codes/code-filter.ts';
import * as base from '../console.css.ts';
import { SaveCancel } from '../SaveCancel.tsx';
import * as styles from '../setup.css.ts';

export type NoticeRow = AdminRequestOf<'adminNoticeSave'>['notice'];

const day = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().slice(0, 10));

interface NoticeFormProps {
  /** The notice edited; a new one when absent. */
  notice: NoticeRow | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}

/** A notice in both languages, its level, link and dates (UTC days). */
export function NoticeForm({ notice, onClose, onSaved }: NoticeFormProps) {
  const { t } = useTranslation(['admin-setup', 'validation']);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({
    id: notice?.id ?? '',
    level: notice?.level ?? 'info',
    en: notice?.text.en ?? '',
    zh: notice?.text['zh-CN'] ?? '',
    link: notice?.link ?? '',
    starts: day(notice?.startsAt ?? null),
    ends: day(notice?.endsAt ?? null),
  });
  const [problem, setProblem] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const save = useMutation({
    mutationFn: (next: NoticeRow) => consoleApi().adminNoticeSave({ notice: next }),
    onSuccess: (_answer, next) => {
      onSaved(next.id);
      void queryClient.invalidateQueries({ queryKey: ['notices'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startsAt = dayStart(draft.starts) ?? null;
    const endsAt = dayStart(draft.ends) ?? null;
    if (Number.isNaN(startsAt) || Number.isNaN(endsAt))
      return setProblem(t('validation:check_input'));
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
      return setProblem(t('validation:date_range_invalid'));
    setProblem('');
    save.mutate({
      id: draft.id.trim(),
      level: draft.level === 'warning' ? 'warning' : 'info',
      text: { en: draft.en.trim(), 'zh-CN': draft.zh.trim() },
      link: draft.link.trim() === '' ? null : draft.link.trim(),
      startsAt,
      endsAt,
    });
  };
  const set = (name: keyof typeof draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [name]: e.target.value });
  const title = notice ? t('edit_notice_title', { id: notice.id }) : t('new_notice');
  return (
    <section className={base.card} aria-labelledby="notice-form">
      <h2 id="notice-form" className={base.sectionTitle} tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <form onSubmit={submit}>
        <div className={styles.fieldGrid}>
          <TextField
            id="notice-id"
            label={t('notice_id')}
            hint={t('notice_id_hint')}
            name="id"
            autoComplete="off"
            value={draft.id}
            onChange={set('id')}
            readOnly={notice !== null}
            required
          />
          <SelectField
            id="notice-level"
            label={t('notice_level')}
            name="level"
            value={draft.level}
            onChange={set('level')}
            options={[
              { value: 'info', label: t('level_info') },
              { value: 'warning', label: t('level_warning') },
            ]}
          />
          <div className={styles.wide}>
            <TextAreaField
              id="notice-en"
              label={t('notice_text_en')}
              name="text-en"
              rows={2}
              value={draft.en}
              onChange={set('en')}
              required
            />
          </div>
          <div className={styles.wide}>
            <TextAreaField
              id="notice-zh"
              label={t('notice_text_zh')}
              name="text-zh"
              lang="zh-CN"
              rows={2}
              value={draft.zh}
              onChange={set('zh')}
              required
            />
          </div>
          <TextField
            id="notice-link"
            label={t('notice_link')}
            hint={t('notice_link_hint')}
            name="link"
            autoComplete="off"
            value={draft.link}
            onChange={set('link')}
          />
          <TextField
            id="notice-starts"
            label={t('notice_starts')}
            name="starts"
            type="date"
            value={draft.starts}
            onChange={set('starts')}
          />
          <TextField
            id="notice-ends"
            label={t('notice_ends')}
            name="ends"
            type="date"
            value={draft.ends}
            onChange={set('ends')}
          />
        </div>
        <SaveCancel
          saving={save.isPending}
          onCancel={onClose}
          problem={problem}
          error={save.error}
        />
      </form>
    </section>
  );
}
