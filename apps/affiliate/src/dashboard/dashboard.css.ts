import { globalStyle, style } from '@vanilla-extract/css';
import { desktopQuery, mobileQuery, vars } from '@nimbus/ui/theme';

export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const muted = style({ color: vars.color.textMuted });

export const figures = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.md,
  '@media': { [desktopQuery]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const figureValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});
export const figureDesc = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const progress = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const progressTrack = style({
  height: 10,
  borderRadius: vars.radius.pill,
  background: vars.color.skeleton,
  overflow: 'hidden',
});
export const progressBar = style({
  height: '100%',
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  transition: `width ${vars.duration.normal}`,
});
export const progressText = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const chartHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const ranges = style({
  display: 'inline-flex',
  maxWidth: '100%',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  boxSizing: 'border-box',
  '@media': { [mobileQuery]: { display: 'flex', width: '100%' } },
});
export const rangeButton = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  '@media': { [mobileQuery]: { flex: '1 1 0', minWidth: 0, paddingInline: vars.space.xxs } },
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.surface,
      color: vars.color.brandText,
      fontWeight: vars.fontWeight.bold,
      boxShadow: vars.shadow.sm,
    },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
export const chartBox = style({ position: 'relative', width: '100%', minHeight: 240 });
export const chartEmpty = style({
  margin: 0,
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: vars.space.xl,
});
export const breadcrumb = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
/** The page beside the account centre's navigation (UserLayout gives the width and padding). */
export const frame = style({
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
export const txHash = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
export const chartFigure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});
export const txCell = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xxs,
});
export const notKolTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const applicationState = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const stateTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});
export const exportRow = style({
  display: 'grid',
  gap: vars.space.md,
  // min(): on a phone one column as wide as the card, never wider (a date input's own width).
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(10rem, 100%), 1fr))',
  maxWidth: '28rem',
});

globalStyle(`${exportRow} > *`, { minWidth: 0 });
globalStyle(`${exportRow} input`, { minWidth: 0, width: '100%', boxSizing: 'border-box' });
