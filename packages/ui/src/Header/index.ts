export { Header, type HeaderProps } from './Header';
export type { HeaderSession, NavLink } from './types';
