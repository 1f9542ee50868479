import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { useState, type FormEvent } from 'react';
import * as styles from '../setup.css.ts';
import { codeFilterOf, type CodeFilter } from './code-filter.ts';

/** Finds codes by how they start and by state (the server filters). */
export function CodeSearch({ onSearch }: { onSearch: (filter: CodeFilter) => void }) {
  const { t } = useTranslation('admin-setup');
  const [query, setQuery] = useState('');
  const [state, setState] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(codeFilterOf(query, state));
  };
  return (
    <form className={styles.toolbar} role="search" onSubmit={submit}>
      <TextField
        label={t('code_query')}
        name="code-query"
        type="search"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <SelectField
        label={t('filter_state')}
        name="state"
        value={state}
        onChange={(e) => setState(e.target.value)}
        options={[
          { value: '', label: t('state_any') },
          { value: 'active', label: t('state_active') },
          { value: 'inactive', label: t('state_inactive') },
        ]}
      />
      <Button type="submit">{t('search')}</Button>
    </form>
  );
}
