import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const downloads = style([
  plainList,
  {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: vars.space.sm,
    marginTop: vars.space.xl,
  },
]);

export const downloadButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.control.md,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.textInverseMuted}`,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { background: vars.color.surfaceInverseRaised } },
});

export const trial = style({ marginTop: vars.space.xl });
export const figure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const quote = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.relaxed,
  color: vars.color.text,
});
