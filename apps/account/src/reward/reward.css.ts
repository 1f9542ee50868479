import { style } from '@vanilla-extract/css';
import { desktopQuery, vars } from '@nimbus/ui/theme';

export const rules = style({
  margin: 0,
  paddingInlineStart: '1.5em',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  lineHeight: vars.lineHeight.relaxed,
});
export const muted = style({ color: vars.color.textMuted });
export const totals = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  color: vars.color.textMuted,
  margin: 0,
});
export const invite = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  '@media': { [desktopQuery]: { gridTemplateColumns: '1fr auto', alignItems: 'center' } },
});
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
export const qr = style({ justifySelf: 'center' });
export const kolNote = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  color: vars.color.brandText,
});
