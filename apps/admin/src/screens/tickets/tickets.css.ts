import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const thread = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
});
export const message = style({
  padding: 12,
  borderRadius: 8,
  border: `1px solid ${vars.color.borderSubtle}`,
  minWidth: 0,
});
export const fromSupport = style([message, { background: vars.color.surfaceMuted }]);
export const meta = style({ margin: '0 0 4px', color: vars.color.textMuted, fontSize: 14 });
// Plain text as written: line breaks kept, long words wrapped, nothing read as markup.
export const body = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
