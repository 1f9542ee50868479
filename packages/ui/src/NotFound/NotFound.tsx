import { button } from '../Button/Button.css.ts';
import * as styles from '../ErrorPage/ErrorPage.css.ts';
import { RoutedLink, type LinkComponent } from '../Link/Link.tsx';
import { Main } from '../Main/Main.tsx';

export interface NotFoundProps {
  /** e.g. 'Page not found'. */
  title: string;
  text: string;
  /** e.g. 'Back to homepage'. */
  homeLabel: string;
  homeHref?: string;
  linkComponent?: LinkComponent;
}

/**
 * The 404 screen with a back-to-homepage link that looks like a button (it navigates, so it stays a
 * link).
 */
export function NotFound({ title, text, homeLabel, homeHref = '/', linkComponent }: NotFoundProps) {
  return (
    <Main className={styles.page}>
      <p className={styles.bigNumber} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      <RoutedLink
        linkComponent={linkComponent}
        href={homeHref}
        className={button({ variant: 'primary' })}
      >
        {homeLabel}
      </RoutedLink>
    </Main>
  );
}
