import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
});
export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const thread = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const message = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  minWidth: 0,
});
export const fromSupport = style({ background: vars.color.surfaceMuted });
export const action = style({
  background: vars.color.warningSoft,
  color: vars.color.warningText,
  borderColor: 'transparent',
});
export const messageMeta = style({
  margin: 0,
  marginBlockEnd: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
// Plain text as written: line breaks kept, long words wrapped, nothing read as markup.
export const messageBody = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const facts = style({ margin: 0, color: vars.color.textMuted });
