import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const orderId = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
