import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import * as styles from './Tabs.css.ts';

export { tabsVariants } from './Tabs.css.ts';
export type TabsVariant = (typeof styles.tabsVariants)[number];

export interface TabItem {
  /** Used in element ids: letters, digits and dashes only (no spaces). */
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Names the tab list for screen readers, e.g. "Log in with". */
  label: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  variant?: TabsVariant;
  /** Tabs share the width equally (useful on 375 px). */
  fullWidth?: boolean;
  className?: string;
}

/**
 * Tabs on Radix (roving focus: arrow keys move between tabs, Home/End jump, the panel follows
 * automatically). Only the visual styling is ours.
 */
export function Tabs({
  items,
  label,
  value,
  defaultValue,
  onValueChange,
  variant = 'line',
  fullWidth = false,
  className,
}: TabsProps) {
  const first = items.find((item) => !item.disabled)?.value;
  return (
    <RadixTabs.Root
      className={clsx(styles.root, className)}
      {...(value === undefined ? { defaultValue: defaultValue ?? first } : { value })}
      {...(onValueChange ? { onValueChange } : {})}
    >
      <RadixTabs.List aria-label={label} className={styles.list({ variant, fullWidth })}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={styles.trigger({ variant, fullWidth })}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={styles.content}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
