import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

// Layout of the set-up screens (plans, codes, settings, nodes), beside console.css.ts.

/** A form's fields side by side where there is room, one per line on a phone. */
export const fieldGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(200px, 100%), 1fr))',
  gap: 12,
  alignItems: 'start',
  marginBottom: 16,
});

export const checks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  gridColumn: '1 / -1',
});

export const intro = style({ color: vars.color.textMuted, margin: '0 0 16px', maxWidth: 720 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: 12,
  marginBottom: 16,
});

export const result = style({
  marginTop: 16,
  paddingTop: 16,
  borderTop: `1px solid ${vars.color.border}`,
});

/** Codes to hand out: monospace, several per line where there is room, scrolling when many. */
export const codeList = style({
  fontFamily: 'monospace',
  listStyle: 'none',
  padding: 0,
  margin: '12px 0 0',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(224px, 100%), 1fr))',
  gap: '4px 16px',
  maxHeight: 320,
  overflowY: 'auto',
  wordBreak: 'break-all',
});

/** A field across the whole form (long text, JSON). */
export const wide = style({ gridColumn: '1 / -1' });

export const key = style({
  fontSize: 13,
  color: vars.color.textMuted,
  wordBreak: 'break-all',
});

/** A configuration to copy (JSON): monospace, long values wrapped on a phone (no scrolling). */
export const snippet = style({
  fontFamily: 'monospace',
  fontSize: 13,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  padding: 12,
  margin: '0 0 12px',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

/** A caution beside a form (settings one program cannot serve): readable, not an error. */
export const warning = style({
  margin: '12px 0',
  padding: '8px 12px',
  borderRadius: 8,
  background: vars.color.warningSoft,
  color: vars.color.warningText,
  maxWidth: 720,
});
