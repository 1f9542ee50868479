import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '@nimbus/ui/theme';

// Whole in a table column at desktop widths; may break anywhere in the 375 px card layout.
export const orderId = style({
  fontFamily: vars.font.mono,
  overflowWrap: 'break-word',
  '@media': { [mobileQuery]: { overflowWrap: 'anywhere' } },
});
