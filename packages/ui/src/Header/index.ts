export { Header, type HeaderProps } from './Header.tsx';
export type { HeaderSession, NavLink } from './types.ts';
