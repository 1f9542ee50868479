import { MS_PER_DAY } from '@nimbus/domain';

/**
 * What `pnpm start` shows outside production (EXAMPLE_SETTINGS, on by default there): the whole
 * product, with every optional part configured by example values, so a person trying Nimbus on
 * their machine sees group buying, download buttons, the More menu and a site notice instead of
 * a smaller product. A variable set in the environment (or a run-time setting) still wins; the
 * notice says the values are examples. Production refuses EXAMPLE_SETTINGS.
 */
export function exampleSettings(now: number): Record<string, string> {
  // Day-aligned, so every worker process of one start computes the same window.
  const today = Math.floor(now / MS_PER_DAY) * MS_PER_DAY;
  const example = (platform: string, version: string, file: string, minSystem: string) => ({
    platform,
    version,
    storeUrl: null,
    packageUrl: `https://downloads.example.com/nimbus/${version}/${file}`,
    minSystem,
    releasedAt: today - 7 * MS_PER_DAY,
  });
  return {
    GROUP_BUY_ENABLED: 'true',
    GROUP_BUY_STARTS_AT: String(today - MS_PER_DAY),
    GROUP_BUY_ENDS_AT: String(today + 31 * MS_PER_DAY),
    FEATURE_STUDENT_DISCOUNT: 'true',
    APP_DOWNLOADS: JSON.stringify([
      {
        ...example('ios', '1.4.0', 'Nimbus.ipa', 'iOS 15'),
        storeUrl: 'https://apps.apple.com/app/id000000000',
        packageUrl: null,
      },
      example('android', '1.4.0', 'nimbus-1.4.0.apk', 'Android 8'),
      example('mac', '1.4.0', 'Nimbus-1.4.0.dmg', 'macOS 12'),
      example('windows', '1.4.0', 'Nimbus-Setup-1.4.0.exe', 'Windows 10'),
    ]),
    BLOG_URL: 'https://blog.example.com/',
    STATUS_URL: 'https://status.example.com/',
    ANNOUNCEMENTS_URL: 'https://blog.example.com/announcements',
    GITHUB_MIRRORS: 'GitHub=https://github.com/example/nimbus-releases',
    SITE_NOTICES: JSON.stringify([
      {
        id: 'example-settings',
        level: 'info',
        text: {
          en: 'Example settings: group buying, the download links and the More menu show sample values. Set your own in the environment or with pnpm ops settings.',
          'zh-CN':
            '示例设置：拼团、下载链接和“更多”菜单显示的是示例值。请在环境变量中或用 pnpm ops settings 设置您自己的值。',
        },
        link: null,
        startsAt: null,
        endsAt: null,
      },
    ]),
  };
}
