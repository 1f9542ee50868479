import { useId, useLayoutEffect, useRef, useState, type ElementType, type ReactNode } from 'react';
import { clsx } from 'clsx';
import * as styles from './Ellipsis.css.ts';

export interface EllipsisProps {
  children: ReactNode;
  /** Visible lines before the text is cut (spec section 9: 1 by default). */
  rows?: number;
  /** Offer a toggle to show the whole text; needs expandLabel and collapseLabel. */
  expandable?: boolean;
  expandLabel?: string;
  collapseLabel?: string;
  /** The text element, `p` by default. */
  as?: ElementType;
  className?: string;
}

/**
 * Cuts text to `rows` lines with an ellipsis. The toggle appears only when the text really
 * overflows, measured after layout and again on resize.
 */
export function Ellipsis({
  children,
  rows = 1,
  expandable = false,
  expandLabel,
  collapseLabel,
  as: Tag = 'p',
  className,
}: EllipsisProps) {
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return undefined;
    const measure = () =>
      setOverflowing(
        element.scrollHeight > element.clientHeight + 1 ||
          element.scrollWidth > element.clientWidth + 1,
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded, rows, children]);

  const showToggle = expandable && expandLabel && collapseLabel && (overflowing || expanded);
  return (
    <div className={clsx(styles.root, className)}>
      <Tag
        ref={ref}
        id={id}
        className={clsx(styles.text, !expanded && styles.clamped)}
        style={expanded ? undefined : { WebkitLineClamp: rows }}
      >
        {children}
      </Tag>
      {showToggle && (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? collapseLabel : expandLabel}
        </button>
      )}
    </div>
  );
}
