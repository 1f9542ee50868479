import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const root = style({ display: 'flex', justifyContent: 'center', padding: vars.space.xxl });
