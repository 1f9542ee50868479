import type { ReactNode } from 'react';

export interface NavLink {
  label: ReactNode;
  href: string;
  /** Opens in a new tab as a plain anchor (status page, GitHub mirrors). */
  external?: boolean;
}

export type HeaderSession =
  | { loggedIn: false; signUp: NavLink; logIn: NavLink }
  | { loggedIn: true; account: NavLink; logOutLabel: string; onLogOut: () => void };
