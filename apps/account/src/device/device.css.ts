import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const type = style({ display: 'inline-flex', flexDirection: 'column', gap: vars.space.xxs });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const id = style({
  display: 'inline-block',
  maxWidth: '16em',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
});
export const name = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});
export const usage = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.medium,
});
export const notice = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warningText,
});
export const noPlan = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  color: vars.color.brandText,
});
export const noPlanText = style({ margin: 0, flex: '1 1 20em' });
