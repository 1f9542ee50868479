import {
  createContext,
  useContext,
  type ComponentPropsWithRef,
  type ComponentType,
  type ReactNode,
} from 'react';
import { clsx } from 'clsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './Link.css.ts';

export { linkTones } from './Link.css.ts';
export type LinkTone = (typeof styles.linkTones)[number];

/** What a router link must accept: an anchor's props with a required href. */
export type LinkComponentProps = ComponentPropsWithRef<'a'> & { href: string };
/**
 * A component that renders a navigation link, e.g. an adapter over react-router's Link:
 * `({ href, ...rest }) => <RouterLink to={href} {...rest} />`.
 */
export type LinkComponent = ComponentType<LinkComponentProps>;

function Anchor({ children, ...props }: LinkComponentProps) {
  return <a {...props}>{children}</a>;
}

const LinkComponentContext = createContext<LinkComponent>(Anchor);

/** Makes every kit link (Link, Header, Footer, NotFound) render through the app's router link. */
export function LinkComponentProvider({
  component,
  children,
}: {
  component: LinkComponent;
  children: ReactNode;
}) {
  return (
    <LinkComponentContext.Provider value={component}>{children}</LinkComponentContext.Provider>
  );
}

export function useLinkComponent(override?: LinkComponent): LinkComponent {
  const fromContext = useContext(LinkComponentContext);
  return override ?? fromContext;
}

/**
 * A navigation link through the app's router link (LinkComponentProvider), or through
 * `linkComponent` when given: how the kit's components render one.
 */
export function RoutedLink({
  linkComponent,
  ...props
}: LinkComponentProps & { linkComponent?: LinkComponent | undefined }) {
  const Component = useLinkComponent(linkComponent);
  // A component from a prop or the context keeps its identity between renders; the compiler's
  // check cannot tell it from one made during render (react/react#34794).
  // eslint-disable-next-line react-hooks/static-components
  return <Component {...props} />;
}

/** How a navigation link goes: through the router, or to another site in a new tab. */
export interface NavAnchorProps extends LinkComponentProps {
  /**
   * Opens in a new tab with rel="noopener noreferrer", as a plain anchor (never through the
   * router).
   */
  external?: boolean | undefined;
  /** Appended for screen readers to external links, e.g. "(opens in a new tab)". */
  externalLabel?: string | undefined;
  /** Overrides the router link given by LinkComponentProvider. */
  linkComponent?: LinkComponent | undefined;
}

/**
 * An unstyled navigation link, what Link, LinkButton and the header's links are made of: a new-tab
 * anchor when external (its label saying so to screen readers), else the app's router link.
 */
export function NavAnchor({
  external = false,
  externalLabel,
  linkComponent,
  children,
  ...rest
}: NavAnchorProps) {
  if (external) {
    return (
      <a target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
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
    <RoutedLink linkComponent={linkComponent} {...rest}>
      {children}
    </RoutedLink>
  );
}

export interface LinkProps extends NavAnchorProps {
  tone?: LinkTone;
  underline?: 'always' | 'hover';
}

export function Link({ tone = 'brand', underline = 'always', className, ...rest }: LinkProps) {
  return <NavAnchor className={clsx(styles.link({ tone, underline }), className)} {...rest} />;
}
