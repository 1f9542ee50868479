import { CopyButton } from '@nimbus/ui/copy-button';
import { useEffect, useRef } from 'react';
import * as base from './console.css.ts';
import * as styles from './setup.css.ts';

/**
 * A secret the server shows this once (an API token, a webhook's signing secret): its heading
 * takes the focus, the warning says it will not be shown again, and it can be copied.
 */
export function SecretShownOnce(props: {
  /** The heading's id, naming the section. */
  id: string;
  title: string;
  warning: string;
  secret: string;
  testId: string;
  copy: { label: string; copied: string; failed: string };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [props.secret]);
  return (
    <section className={styles.result} aria-labelledby={props.id}>
      <h2 id={props.id} className={base.sectionTitle} ref={heading} tabIndex={-1}>
        {props.title}
      </h2>
      <p className={base.alert}>{props.warning}</p>
      <p>
        <code className={base.secret} data-testid={props.testId}>
          {props.secret}
        </code>
      </p>
      <CopyButton
        text={props.secret}
        label={props.copy.label}
        copiedLabel={props.copy.copied}
        failedLabel={props.copy.failed}
      />
    </section>
  );
}
