import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { Badge } from '../Badge/Badge.tsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import { formatMoney } from './money.ts';
import * as styles from './PriceTag.css.ts';

export { priceTagSizes } from './PriceTag.css.ts';
export type PriceTagSize = (typeof styles.priceTagSizes)[number];

export interface PriceTagProps {
  /** Price in integer minor units (e.g. 999 = $9.99). */
  amount: number;
  /** ISO 4217 code, e.g. "USD", "CNY". */
  currency: string;
  /** Locale for number formatting, e.g. "en" or "zh-CN". */
  locale: string;
  /** The price before the discount, struck through; in minor units. */
  originalAmount?: number;
  /**
   * Read before the struck price by screen readers, which do not announce strikethrough, e.g.
   * "Original price".
   */
  originalPriceLabel?: string;
  /** After the price, e.g. "/ month". */
  periodLabel?: string;
  /** A savings badge, e.g. "Save 40%". */
  savingsLabel?: ReactNode;
  size?: PriceTagSize;
  className?: string;
}

export function PriceTag({
  amount,
  currency,
  locale,
  originalAmount,
  originalPriceLabel,
  periodLabel,
  savingsLabel,
  size = 'md',
  className,
}: PriceTagProps) {
  const showOriginal = originalAmount != null && originalAmount > amount;
  return (
    <span className={clsx(styles.root({ size }), className)}>
      <span className={styles.price}>{formatMoney(amount, currency, locale)}</span>
      {/* The spaces separate the parts when read as one text (flex layout ignores them). */}
      {periodLabel && (
        <>
          {' '}
          <span className={styles.period}>{periodLabel}</span>
        </>
      )}
      {showOriginal && (
        <>
          {' '}
          <s className={styles.original}>
            {originalPriceLabel && (
              <>
                <span className={visuallyHidden}>{originalPriceLabel}</span>{' '}
              </>
            )}
            {formatMoney(originalAmount, currency, locale)}
          </s>
        </>
      )}
      {savingsLabel && (
        <>
          {' '}
          <Badge tone="success">{savingsLabel}</Badge>
        </>
      )}
    </span>
  );
}
