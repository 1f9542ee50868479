import { style } from '@vanilla-extract/css';
import { desktopQuery, vars } from '@nimbus/ui/theme';

export const rules = style({
  margin: 0,
  paddingInlineStart: '1.25em',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
export const cooldown = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warningText,
});
export const warning = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const panel = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  paddingTop: vars.space.md,
  '@media': { [desktopQuery]: { gridTemplateColumns: '1fr auto' } },
});
export const linkBlock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});
export const label = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const url = style({
  display: 'block',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const importButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.control.sm,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.brandHover },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
export const help = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  fontSize: vars.fontSize.sm,
  selectors: { '&[open]': { background: vars.color.surfaceMuted } },
});
export const qr = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  justifySelf: 'center',
});
export const caption = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
