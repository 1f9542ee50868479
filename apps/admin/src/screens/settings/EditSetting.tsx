import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { SelectField, TextAreaField } from '@nimbus/ui/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as base from '../console.css.ts';
import { messageOf } from '../errors.ts';
import * as styles from '../setup.css.ts';

export type SettingRow = AdminResponseOf<'adminSettingList'>['items'][number];

interface EditSettingProps {
  setting: SettingRow;
  label: string;
  onClose: () => void;
  onSaved: (key: string) => void;
}

/** One setting's value (a switch: on or off), saved or put back to its default. */
export function EditSetting({ setting, label, onClose, onSaved }: EditSettingProps) {
  const { t } = useTranslation('admin-setup');
  const queryClient = useQueryClient();
  const [text, setText] = useState(setting.text);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const done = () => {
    onSaved(setting.key);
    void queryClient.invalidateQueries({ queryKey: ['settings'] });
  };
  const save = useMutation({
    mutationFn: () => consoleApi().adminSettingSet({ key: setting.key, text }),
    onSuccess: done,
  });
  const reset = useMutation({
    mutationFn: () => consoleApi().adminSettingUnset({ key: setting.key }),
    onSuccess: done,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const failure = save.error ?? reset.error;
  return (
    <section className={base.card} aria-labelledby="edit-setting">
      <h2 id="edit-setting" className={base.sectionTitle} tabIndex={-1} ref={heading}>
        {t('edit_setting_title', { key: label })}
      </h2>
      <p className={styles.intro}>
        <code>{setting.key}</code>
      </p>
      <form onSubmit={submit}>
        <div className={styles.fieldGrid}>
          {setting.boolean ? (
            <SelectField
              id="setting-value"
              label={t('setting_value')}
              name="value"
              value={text}
              onChange={(e) => setText(e.target.value)}
              options={[
                { value: 'true', label: t('setting_on') },
                { value: 'false', label: t('setting_off') },
              ]}
            />
          ) : (
            <div className={styles.wide}>
              <TextAreaField
                id="setting-value"
                label={t('setting_value')}
                hint={t('setting_value_hint')}
                name="value"
                rows={Math.min(12, Math.max(2, text.split('\n').length))}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
          )}
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          {setting.isSet && (
            <Button
              type="button"
              variant="secondary"
              loading={reset.isPending}
              onClick={() => reset.mutate()}
            >
              {t('reset_default')}
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
        {failure && (
          <p role="alert" className={base.alert}>
            {messageOf(failure)}
          </p>
        )}
      </form>
    </section>
  );
}
