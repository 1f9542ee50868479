import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const region = style({ display: 'flex', flexDirection: 'column' });

const notice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.layout.gutter}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});
export const level = styleVariants({
  info: [notice, { background: vars.color.brandSoft }],
  warning: [notice, { background: vars.color.warningSoft }],
});

export const text = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });
export const link = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });
export const dismiss = style({
  minHeight: '2.75em',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderControl}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
});
