import type { ReactNode } from 'react';
import { Button } from '../Button/Button.tsx';
import { AlertIcon } from '../icons/icons.tsx';
import { Main } from '../Main/Main.tsx';
import * as styles from './ErrorPage.css.ts';

export interface ErrorPageProps {
  /** e.g. 'Oops! An error occurred'. */
  title: string;
  /** e.g. 'Refresh the page or contact support if the problem continues.' */
  suggestion: ReactNode;
  subtitle?: ReactNode;
  reloadLabel: string;
  /** The technical message of the error, shown for support requests. */
  errorMessage?: string;
  /** Defaults to reloading the page. */
  onReload?: () => void;
}

/**
 * The route error screen (spec section 2): title, suggestion, subtitle, reload button and the error
 * message.
 */
export function ErrorPage({
  title,
  suggestion,
  subtitle,
  reloadLabel,
  errorMessage,
  onReload,
}: ErrorPageProps) {
  const reload = onReload ?? (() => window.location.reload());
  return (
    <Main className={styles.page}>
      <AlertIcon className={styles.symbol} />
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{suggestion}</p>
      {subtitle && <p className={styles.text}>{subtitle}</p>}
      <Button onClick={reload}>{reloadLabel}</Button>
      {errorMessage && <pre className={styles.message}>{errorMessage}</pre>}
    </Main>
  );
}
