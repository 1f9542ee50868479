import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { CopyButton } from '@nimbus/ui/copy-button';
import { Link } from '@nimbus/ui/link';
import { LinkButton } from '@nimbus/ui/link-button';
import { useEffect, useRef } from 'react';
import * as base from '../console.css.ts';
import * as styles from '../setup.css.ts';
import type { NewNode } from './node-draft.ts';
import { NodeToken } from './NodeToken.tsx';
import { v2bxEntry } from './v2bx-entry.ts';

interface CreatedNodeProps {
  input: NewNode;
  nodeId: string;
  token: string;
  /** A REALITY node's public key, derived by the server from the private key. */
  realityPublicKey: string | null;
  onAnother: () => void;
}

/** What a new node needs from the operator: its token (shown once) and the V2bX entry. */
export function CreatedNode({
  input,
  nodeId,
  token,
  realityPublicKey,
  onAnother,
}: CreatedNodeProps) {
  const { t } = useTranslation('admin-nodes');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const entry = v2bxEntry(input, nodeId, token, globalThis.location.origin);
  return (
    <div className={base.card}>
      <h2 ref={heading} tabIndex={-1} className={base.sectionTitle}>
        {t('created_title', { key: input.key, id: nodeId })}
      </h2>
      <NodeToken nodeKey={input.key} token={token} />
      {realityPublicKey && (
        <section className={styles.result} aria-labelledby="reality-key-title">
          <h2 id="reality-key-title" className={base.sectionTitle}>
            {t('reality_key_title')}
          </h2>
          <p>{t('reality_key_intro')}</p>
          <pre className={styles.snippet} data-testid="reality-public-key">
            {realityPublicKey}
          </pre>
          <CopyButton
            text={realityPublicKey}
            label={t('copy_reality_key')}
            copiedLabel={t('copied')}
            failedLabel={t('copy_config_failed')}
          />
        </section>
      )}
      <section className={styles.result} aria-labelledby="v2bx-title">
        <h2 id="v2bx-title" className={base.sectionTitle}>
          {t('v2bx_title')}
        </h2>
        <p>{t('v2bx_intro')}</p>
        <pre className={styles.snippet}>{entry}</pre>
        <CopyButton
          text={entry}
          label={t('copy_config')}
          copiedLabel={t('copied')}
          failedLabel={t('copy_config_failed')}
        />
        <p>
          {t('docs_hint')}{' '}
          <Link href="https://github.com/wyx2685/V2bX" external externalLabel={t('new_tab')}>
            {t('v2bx_link')}
          </Link>
        </p>
      </section>
      <div className={styles.actions}>
        <LinkButton href="/admin/nodes" size="sm">
          {t('back_to_nodes')}
        </LinkButton>
        <Button size="sm" variant="secondary" onClick={onAnother}>
          {t('add_another')}
        </Button>
      </div>
    </div>
  );
}
