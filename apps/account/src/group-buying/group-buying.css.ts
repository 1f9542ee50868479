import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const mono = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
