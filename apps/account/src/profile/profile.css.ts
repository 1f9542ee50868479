import { style } from '@vanilla-extract/css';
import { desktopQuery, vars } from '@nimbus/ui/theme';

export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
export const link = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const detailsGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  // minmax(0, …): a long value wraps in its column instead of running under the QR card.
  '@media': {
    [desktopQuery]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'start' },
  },
});

/** An expiry tag may wrap ("Expires at 4:25 PM · 2 hours 59 minutes left" at 1366 px). */
export const expiryTag = style({ whiteSpace: 'normal', maxWidth: '100%' });

export const qr = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  justifySelf: 'center',
});
export const qrCaption = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const muted = style({ margin: 0, color: vars.color.textMuted });

export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});
export const grow = style({ flex: '1 1 14em', minWidth: 0 });

export const result = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.successText,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const loseList = style({
  margin: 0,
  paddingInlineStart: '1.25em',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
export const dangerZone = style({ borderColor: vars.color.danger });
export const switchLink = style({
  alignSelf: 'flex-start',
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.brandText,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  borderRadius: vars.radius.sm,
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const deleteForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const dialogButtons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const orderActions = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
});
export const resumeLink = style({
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
});
