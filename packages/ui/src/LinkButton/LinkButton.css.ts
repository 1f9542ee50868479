import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

/**
 * What a link adds to the button look: a long label (Chinese or English) wraps inside the button
 * instead of leaving a 375 px card, and it is never underlined.
 */
export const linkButton = style({
  maxWidth: '100%',
  boxSizing: 'border-box',
  paddingBlock: vars.space.xxs,
  whiteSpace: 'normal',
  textAlign: 'center',
  textDecoration: 'none',
});
