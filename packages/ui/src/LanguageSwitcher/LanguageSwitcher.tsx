import { clsx } from 'clsx';
import { ChevronDownIcon, GlobeIcon } from '../icons/icons.tsx';
import * as styles from './LanguageSwitcher.css.ts';

export { languageSwitcherTones } from './LanguageSwitcher.css.ts';
export type LanguageSwitcherTone = (typeof styles.languageSwitcherTones)[number];

export interface LanguageOption<Value extends string = string> {
  value: Value;
  /** The language's own name, e.g. "English", "简体中文". */
  label: string;
  /** BCP 47 tag of the label, so screen readers pronounce it right; defaults to value. */
  lang?: string;
}

export interface LanguageSwitcherProps<Value extends string = string> {
  options: readonly LanguageOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** Accessible name, e.g. "Language". */
  label: string;
  /** `dark` on the header's navy background. */
  tone?: LanguageSwitcherTone;
  className?: string;
}

/**
 * A native select (keyboard and screen reader friendly everywhere) dressed as a compact globe
 * button.
 */
export function LanguageSwitcher<Value extends string>({
  options,
  value,
  onChange,
  label,
  tone = 'light',
  className,
}: LanguageSwitcherProps<Value>) {
  const selected = options.find((option) => option.value === value);
  return (
    <span className={clsx(styles.root({ tone }), className)}>
      <GlobeIcon />
      <span
        className={styles.current}
        aria-hidden="true"
        data-language-name=""
        lang={selected?.lang ?? selected?.value}
      >
        {selected?.label}
      </span>
      <ChevronDownIcon />
      <select
        className={styles.select}
        aria-label={label}
        value={value}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.target.value);
          if (next) onChange(next.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang ?? option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
