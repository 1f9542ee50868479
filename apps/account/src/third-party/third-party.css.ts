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

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});
export const figure = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const figureValue = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});
export const chartTitle = style({
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const chart = style({ display: 'block', width: '100%', height: 96 });
export const barDownload = style({ fill: vars.color.brand });
export const barUpload = style({ fill: vars.color.brandSoft });
export const legend = style({
  display: 'flex',
  gap: vars.space.md,
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
const swatch = style({
  display: 'inline-block',
  width: 10,
  height: 10,
  marginInlineEnd: vars.space.xxs,
  borderRadius: 2,
});
export const swatchDownload = style([swatch, { background: vars.color.brand }]);
export const swatchUpload = style([swatch, { background: vars.color.brandSoft }]);
export const chartFigure = style({ margin: 0 });
export const nodeList = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
});
export const nodeItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const flag = style({ fontSize: vars.fontSize.lg, lineHeight: 1 });
export const nodeName = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });
export const nodeSeen = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const quota = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBlockEnd: vars.space.md,
});
