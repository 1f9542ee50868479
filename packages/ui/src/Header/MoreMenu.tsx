import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon } from '../icons/icons.tsx';
import * as styles from './Header.css.ts';
import { HeaderLink } from './HeaderLink.tsx';
import type { NavLink } from './types.ts';
import type { LinkComponent } from '../Link/Link.tsx';

interface MoreMenuProps {
  label: string;
  links: readonly NavLink[];
  linkComponent: LinkComponent;
  externalLabel: string | undefined;
}

/**
 * The "More" disclosure of the desktop navigation (the disclosure pattern, not an ARIA menu:
 * it holds plain links, reached with Tab). Esc closes it and returns focus to its button;
 * clicking or tabbing outside closes it too.
 */
export function MoreMenu({ label, links, linkComponent, externalLabel }: MoreMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    // Esc while focus is in the disclosure; caught first (capture on the document), so nothing
    // around the menu takes the same key as well.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !wrapper.current?.contains(document.activeElement)) return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  return (
    <div
      ref={wrapper}
      className={styles.moreWrapper}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.navLink}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <ChevronDownIcon />
      </button>
      <ul id={listId} className={styles.moreMenu} hidden={!open}>
        {links.map((link) => (
          <li key={link.href}>
            <HeaderLink
              link={link}
              className={styles.moreLink}
              linkComponent={linkComponent}
              externalLabel={externalLabel}
              onClick={() => setOpen(false)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
