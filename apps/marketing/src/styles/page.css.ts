import { style, styleVariants } from '@vanilla-extract/css';
import { desktopQuery, desktopRem, mobileQuery, vars } from '@nimbus/ui/theme';

export const container = style({
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.layout.gutter,
});

export const section = style({
  paddingBlock: vars.space.xxl,
});

export const sectionMuted = style([section, { background: vars.color.surfaceMuted }]);

export const pageTitle = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  margin: 0,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  margin: `0 0 ${vars.space.lg}`,
  textAlign: 'center',
});

export const lead = style({
  fontSize: vars.fontSize.md,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.relaxed,
  margin: `${vars.space.sm} 0 0`,
});

export const text = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.relaxed,
  margin: 0,
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});

export const grid = styleVariants({ 2: {}, 3: {}, 4: {} }, (_, key) => ({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { [desktopQuery]: { gridTemplateColumns: `repeat(${key}, minmax(0, 1fr))` } },
}));

export const tile = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.sm,
});

export const tileTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  margin: `0 0 ${vars.space.xs}`,
});

export const hero = style({
  background: vars.color.surfaceInverse,
  color: vars.color.textInverse,
  paddingBlock: vars.space.xxxl,
  textAlign: 'center',
});

export const heroTitle = style({
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  margin: 0,
});

export const heroLead = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.textInverseMuted,
  margin: `${vars.space.md} auto 0`,
  maxWidth: '40em',
  lineHeight: vars.lineHeight.relaxed,
});

export const heroActions = style([row, { justifyContent: 'center', marginTop: vars.space.xl }]);

// 760 design px on the 1920 canvas (the rem scale of the UI kit), the full width on phones.
export const narrow = style([
  container,
  { maxWidth: desktopRem(760), '@media': { [mobileQuery]: { maxWidth: '100%' } } },
]);

export const formCard = style([
  tile,
  { marginBlock: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.md },
]);

export const list = style({
  margin: 0,
  paddingInlineStart: '1.25em',
  lineHeight: vars.lineHeight.relaxed,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const notice = style({
  background: vars.color.warningSoft,
  color: vars.color.warningText,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  fontSize: vars.fontSize.sm,
  margin: 0,
});

export const successBox = style([
  notice,
  { background: vars.color.successSoft, color: vars.color.successText },
]);
export const errorText = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });

export const summaryRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  paddingBlock: vars.space.xxs,
});
export const summaryTotal = style([
  summaryRow,
  {
    fontWeight: vars.fontWeight.bold,
    fontSize: vars.fontSize.md,
    borderTop: `1px solid ${vars.color.border}`,
    paddingTop: vars.space.sm,
  },
]);
export const strike = style({ textDecoration: 'line-through', color: vars.color.textSubtle });
export const mono = style({
  fontFamily: vars.font.mono,
  wordBreak: 'break-all',
  fontSize: vars.fontSize.sm,
});

// Vertical rhythm from the theme's spacing scale (rem values would scale with the 1920 canvas).
export const mtSm = style({ marginTop: vars.space.sm });
export const mtMd = style({ marginTop: vars.space.md });
export const mtLg = style({ marginTop: vars.space.lg });
export const mtXl = style({ marginTop: vars.space.xl });
export const padBlockXl = style({ paddingBlock: vars.space.xl });
export const alignStart = style({ alignItems: 'start' });
export const center = style({ textAlign: 'center' });

// Space kept for content that arrives from the API after first paint (plans, downloads), so
// the footer does not jump when it appears (layout shift).
export const pendingBlock = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '1000px',
  '@media': { [desktopQuery]: { minHeight: desktopRem(620) } },
});
