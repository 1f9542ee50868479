import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { clsx } from 'clsx';
import * as styles from './Card.css.ts';

export { cardPaddings, cardTones } from './Card.css.ts';
export type CardPadding = (typeof styles.cardPaddings)[number];
export type CardTone = (typeof styles.cardTones)[number];

export interface CardProps extends Omit<ComponentPropsWithRef<'section'>, 'title'> {
  /** `section` (with a title it becomes a labelled region), `article` or `div`. */
  as?: 'section' | 'article' | 'div';
  title?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  titleLevel?: 2 | 3 | 4;
  /** Shown on the right of the title, e.g. a link or button. */
  actions?: ReactNode;
  padding?: CardPadding;
  tone?: CardTone;
  elevated?: boolean;
}

export function Card({
  as = 'section',
  title,
  titleLevel = 2,
  actions,
  padding = 'md',
  tone = 'default',
  elevated = false,
  className,
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  // The three tags share HTMLElement's props; typing them as one keeps the ref type simple.
  const Tag = as as 'section';
  const Heading = `h${titleLevel}` as const;
  return (
    <Tag
      className={clsx(styles.card({ padding, tone, elevated }), className)}
      aria-labelledby={title ? titleId : undefined}
      {...rest}
    >
      {(title || actions) && (
        <div className={styles.header}>
          {title && (
            <Heading id={titleId} className={styles.title}>
              {title}
            </Heading>
          )}
          {actions}
        </div>
      )}
      {children}
    </Tag>
  );
}
