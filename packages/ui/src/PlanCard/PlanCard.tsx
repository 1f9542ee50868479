import { createContext, useContext, useId, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { Badge } from '../Badge/Badge.tsx';
import { PriceTag } from '../PriceTag/PriceTag.tsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './PlanCard.css.ts';

interface GroupState {
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
}

const PlanGroupContext = createContext<GroupState | null>(null);

export interface PlanCardGroupProps {
  /** The question the plans answer, e.g. "Choose a plan" (a fieldset legend). */
  legend: ReactNode;
  hideLegend?: boolean;
  /** Form field name of the radios. */
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}

/** A radio group of plans: arrow keys move the selection, as with any native radio group. */
export function PlanCardGroup({
  legend,
  hideLegend = false,
  name,
  value,
  onChange,
  children,
  className,
}: PlanCardGroupProps) {
  return (
    <fieldset className={clsx(styles.group, className)}>
      <legend className={hideLegend ? visuallyHidden : styles.legend}>{legend}</legend>
      <PlanGroupContext.Provider value={{ name, value, onChange }}>
        <div className={styles.grid}>{children}</div>
      </PlanGroupContext.Provider>
    </fieldset>
  );
}

export interface PlanCardProps {
  value: string;
  planName: ReactNode;
  /** Price in minor units. */
  amount: number;
  currency: string;
  locale: string;
  originalAmount?: number;
  originalPriceLabel?: string;
  periodLabel?: string;
  /** e.g. "Save 40%". */
  savingsLabel?: ReactNode;
  /** e.g. "Up to 5 devices". */
  devicesLabel: ReactNode;
  /** A highlight such as "Most popular". */
  highlight?: ReactNode;
  features?: readonly ReactNode[];
  disabled?: boolean;
}

/**
 * One plan, selectable as a radio. The radio is named by the plan name and described by price and
 * details.
 */
export function PlanCard({
  value,
  planName,
  amount,
  currency,
  locale,
  originalAmount,
  originalPriceLabel,
  periodLabel,
  savingsLabel,
  devicesLabel,
  highlight,
  features,
  disabled,
}: PlanCardProps) {
  const group = useContext(PlanGroupContext);
  if (!group) throw new Error('PlanCard must be inside a PlanCardGroup');
  const id = useId();
  const nameId = `${id}-name`;
  const detailsId = `${id}-details`;
  return (
    <label className={styles.card}>
      <input
        type="radio"
        className={visuallyHidden}
        name={group.name}
        value={value}
        checked={group.value === value}
        disabled={disabled}
        onChange={() => group.onChange(value)}
        aria-labelledby={nameId}
        aria-describedby={detailsId}
      />
      {highlight && (
        <span className={styles.ribbon}>
          <Badge tone="brand" solid>
            {highlight}
          </Badge>
        </span>
      )}
      <span className={styles.top}>
        <span id={nameId} className={styles.name}>
          {planName}
        </span>
        <span className={styles.mark} aria-hidden="true" />
      </span>
      <span id={detailsId} style={{ display: 'contents' }}>
        <PriceTag
          amount={amount}
          currency={currency}
          locale={locale}
          size="lg"
          {...(originalAmount === undefined ? {} : { originalAmount })}
          {...(originalPriceLabel === undefined ? {} : { originalPriceLabel })}
          {...(periodLabel === undefined ? {} : { periodLabel })}
          savingsLabel={savingsLabel}
        />{' '}
        <span className={styles.devices}>{devicesLabel}</span>{' '}
        {features && features.length > 0 && (
          // Spans with list roles: a label may hold only phrasing content.
          <span role="list" className={styles.features}>
            {features.map((feature, index) => (
              <span role="listitem" key={index} className={styles.feature}>
                {feature}
              </span>
            ))}
          </span>
        )}
      </span>
    </label>
  );
}
