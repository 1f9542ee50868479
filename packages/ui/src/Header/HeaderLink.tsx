import { NavAnchor, type LinkComponent } from '../Link/Link.tsx';
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
  return (
    <NavAnchor
      href={link.href}
      external={link.external}
      externalLabel={externalLabel}
      linkComponent={RouterLink}
      className={className}
      aria-current={current && !link.external ? 'page' : undefined}
      onClick={onClick}
    >
      {link.label}
    </NavAnchor>
  );
}
