import { style } from '@vanilla-extract/css';
import { desktopQuery, vars } from '@nimbus/ui/theme';

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '12px 24px',
  padding: '12px 16px',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const brand = style({ fontWeight: 700, marginRight: 'auto' });

export const nav = style({ display: 'flex', gap: 16, flexWrap: 'wrap' });

export const navLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  padding: '4px 0',
  selectors: {
    '&[aria-current="page"]': { fontWeight: 700, textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const who = style({ color: vars.color.textMuted });

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: 1200,
  margin: '0 auto',
  padding: '16px',
  '@media': { [desktopQuery]: { padding: '32px 24px' } },
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 16,
  maxWidth: 420,
});

export const inlineForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: 12,
  marginBottom: 16,
});

export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: 16,
  marginBottom: 24,
  background: vars.color.surface,
});

export const sectionTitle = style({ fontSize: 18, fontWeight: 700, margin: '0 0 12px' });

export const codes = style({
  fontFamily: 'monospace',
  display: 'grid',
  gridTemplateColumns: 'repeat(2, max-content)',
  gap: '4px 24px',
  padding: 0,
  listStyle: 'none',
});

export const alert = style({ color: vars.color.danger, margin: 0 });

export const secret = style({ fontFamily: 'monospace', wordBreak: 'break-all' });

/** A machine value (an audit row's JSON): monospaced, breaking anywhere rather than widening. */
export const machineValue = style({
  fontFamily: 'monospace',
  fontSize: 13,
  wordBreak: 'break-all',
});

export const dialogButtons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: 8,
});
