import { visuallyHidden } from '../theme/utilities.css.ts';
import type { LinkComponent } from '../Link/Link.tsx';
import type { NavLink } from './types.ts';

interface HeaderLinkProps {
  link: NavLink;
  className: string;
  linkComponent: LinkComponent;
  externalLabel: string | undefined;
  current?: boolean;
  onClick?: () => void;
}

/** One navigation link: through the app's router, or a plain new-tab anchor when external. */
export function HeaderLink({
  link,
  className,
  linkComponent: RouterLink,
  externalLabel,
  current = false,
  onClick,
}: HeaderLinkProps) {
  if (link.external) {
    return (
      <a
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        onClick={onClick}
      >
        {link.label}
        {externalLabel && (
          <>
            {' '}
            <span className={visuallyHidden}>{externalLabel}</span>
          </>
        )}
      </a>
    );
  }
  return (
    <RouterLink
      href={link.href}
      className={className}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
    >
      {link.label}
    </RouterLink>
  );
}
