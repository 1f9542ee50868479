import { ShieldIcon } from '../icons/icons.tsx';
import { LanguageSwitcher } from '../LanguageSwitcher/LanguageSwitcher.tsx';
import type { HeaderProps } from './Header.tsx';

const languages = [
  { value: 'en', label: 'English' },
  { value: 'zh-CN', label: '简体中文' },
];

export const englishHeader: HeaderProps = {
  brand: (
    <>
      <ShieldIcon /> Nimbus
    </>
  ),
  brandLabel: 'Home',
  navLabel: 'Main',
  links: [
    { label: 'Home', href: '/' },
    { label: 'Pricing', href: '/pricing' },
    { label: 'Group buying', href: '/group-buying' },
    { label: 'Download', href: '/download' },
    { label: 'Affiliate', href: '/affiliate' },
  ],
  more: {
    label: 'More',
    links: [
      { label: 'Blog', href: 'https://blog.nimbus.example', external: true },
      { label: 'Status', href: 'https://status.nimbus.example', external: true },
      { label: 'GitHub mirrors', href: 'https://github.com/nimbus-vpn/mirrors', external: true },
    ],
  },
  session: {
    loggedIn: false,
    signUp: { label: 'Sign up', href: '/register' },
    logIn: { label: 'Log in', href: '/login' },
  },
  languageSwitcher: (
    <LanguageSwitcher
      options={languages}
      value="en"
      onChange={() => undefined}
      label="Language"
      tone="dark"
    />
  ),
  menuLabel: 'Menu',
  closeMenuLabel: 'Close menu',
  currentHref: '/pricing',
  externalLabel: '(opens in a new tab)',
};

export const chineseHeader: HeaderProps = {
  ...englishHeader,
  brandLabel: '首页',
  navLabel: '主导航',
  links: [
    { label: '首页', href: '/' },
    { label: '价格', href: '/pricing' },
    { label: '拼团', href: '/group-buying' },
    { label: '下载', href: '/download' },
    { label: '推广联盟', href: '/affiliate' },
  ],
  more: {
    label: '更多',
    links: [
      { label: '博客', href: 'https://blog.nimbus.example', external: true },
      { label: '服务状态', href: 'https://status.nimbus.example', external: true },
      { label: 'GitHub 镜像', href: 'https://github.com/nimbus-vpn/mirrors', external: true },
    ],
  },
  session: {
    loggedIn: true,
    account: { label: '我的账户', href: '/user' },
    logOutLabel: '退出登录',
    onLogOut: () => undefined,
  },
  languageSwitcher: (
    <LanguageSwitcher
      options={languages}
      value="zh-CN"
      onChange={() => undefined}
      label="语言"
      tone="dark"
    />
  ),
  menuLabel: '菜单',
  closeMenuLabel: '关闭菜单',
  externalLabel: '（在新标签页中打开）',
};
