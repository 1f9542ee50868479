import { style } from '@vanilla-extract/css';
import { desktopQuery, mobileQuery, vars } from '@nimbus/ui/theme';

export const form = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.md,
  maxWidth: '28em',
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const device = style({
  display: 'inline-flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
export const deviceName = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});
// Whole in a table column at desktop widths; may break anywhere in the 375 px card layout.
export const address = style({
  fontFamily: vars.font.mono,
  overflowWrap: 'break-word',
  '@media': { [mobileQuery]: { overflowWrap: 'anywhere' } },
});
export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  '@media': {
    [desktopQuery]: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' },
  },
});
export const choices = style({
  display: 'grid',
  gap: vars.space.md,
  marginTop: vars.space.md,
});
export const choiceLabel = style({ display: 'block', fontWeight: 600 });
