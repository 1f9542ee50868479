import type { Meta, StoryObj } from '@storybook/react-vite';
import { ShieldIcon } from '../icons/icons.tsx';
import { LanguageSwitcher } from '../LanguageSwitcher/LanguageSwitcher.tsx';
import { chinese, mobile375 } from '../story-globals.ts';
import { Footer } from './Footer.tsx';

const languages = [
  { value: 'en', label: 'English' },
  { value: 'zh-CN', label: '简体中文' },
];

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen', frame: 'bare' },
  args: {
    brand: (
      <>
        <strong
          style={{
            display: 'inline-flex',
            gap: 6,
            alignItems: 'center',
            color: '#fff',
            fontSize: '1.2em',
          }}
        >
          <ShieldIcon /> Nimbus
        </strong>
        <span>Private, fast VPN on every device. 99.999% uptime.</span>
      </>
    ),
    columns: [
      {
        title: 'Legal',
        links: [
          { label: 'Terms of service', href: '/clause/terms' },
          { label: 'Privacy policy', href: '/clause/privacy' },
          { label: 'Warrant canary', href: '/clause/canary' },
        ],
      },
      {
        title: 'Help',
        links: [
          { label: 'FAQ', href: '/faq' },
          { label: 'Announcements', href: '/faq#announcements' },
          { label: 'Student discount', href: '/pricing#students' },
          { label: 'Plans', href: '/pricing' },
        ],
      },
      {
        title: 'Navigation',
        links: [
          { label: 'Download', href: '/download' },
          { label: 'Group buying', href: '/group-buying' },
          { label: 'Affiliate', href: '/affiliate' },
          { label: 'Status', href: 'https://status.nimbus.example', external: true },
        ],
      },
    ],
    copyright: '© 2025 Nimbus',
    externalLabel: '(opens in a new tab)',
    languageSwitcher: (
      <LanguageSwitcher
        options={languages}
        value="en"
        onChange={() => undefined}
        label="Language"
        tone="dark"
      />
    ),
  },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Minimal: Story = { args: { brand: undefined, languageSwitcher: undefined } };
export const Chinese: Story = {
  args: {
    brand: <span>在所有设备上提供私密、快速的 VPN 服务，可用性 99.999%。</span>,
    columns: [
      {
        title: '法律条款',
        links: [
          { label: '服务条款', href: '/clause/terms' },
          { label: '隐私政策', href: '/clause/privacy' },
          { label: '令状金丝雀', href: '/clause/canary' },
        ],
      },
      {
        title: '帮助',
        links: [
          { label: '常见问题', href: '/faq' },
          { label: '公告', href: '/faq#announcements' },
          { label: '学生优惠', href: '/pricing#students' },
          { label: '套餐', href: '/pricing' },
        ],
      },
      {
        title: '导航',
        links: [
          { label: '下载', href: '/download' },
          { label: '拼团', href: '/group-buying' },
          { label: '推广联盟', href: '/affiliate' },
        ],
      },
    ],
    languageSwitcher: (
      <LanguageSwitcher
        options={languages}
        value="zh-CN"
        onChange={() => undefined}
        label="语言"
        tone="dark"
      />
    ),
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
