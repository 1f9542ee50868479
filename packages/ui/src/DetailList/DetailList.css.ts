import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { desktopQuery } from '../theme/breakpoints.ts';

export const list = style({ margin: 0, display: 'flex', flexDirection: 'column' });

export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
  '@media': {
    [desktopQuery]: {
      gridTemplateColumns: 'minmax(10em, 1fr) 3fr',
      alignItems: 'center',
      gap: vars.space.md,
    },
  },
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

export const text = style({
  minWidth: 0,
  overflowWrap: 'anywhere',
  fontWeight: vars.fontWeight.medium,
});

export const actions = style({ display: 'inline-flex', flexWrap: 'wrap', gap: vars.space.xs });
