import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { SectionNav } from '@nimbus/web';

describe('SectionNav', () => {
  test('links every section and marks the current one', () => {
    renderInLanguage(<SectionNav pathname="/user/device" />);
    const nav = screen.getByRole('navigation', { name: 'My Account' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Account Details' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByRole('link', { name: 'Third-party Client' })).toHaveAttribute(
      'href',
      '/user/third-party',
    );
    expect(screen.getByRole('link', { name: 'KOL Programme' })).toHaveAttribute(
      'href',
      '/user/kol',
    );
  });

  test('reads in Chinese', () => {
    renderInLanguage(<SectionNav pathname="/user/profile" />, 'zh-CN');
    expect(screen.getByRole('link', { name: '账户信息' })).toHaveAttribute('aria-current', 'page');
  });
});
