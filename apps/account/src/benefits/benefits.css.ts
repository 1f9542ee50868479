import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const value = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
});
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
export const text = style({ margin: 0 });
export const notice = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warningText,
});
export const offersTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.fontSize.md });
export const offers = style({
  margin: 0,
  paddingInlineStart: '1.25em',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
