import { assignVars, createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { mobileQuery } from './breakpoints.ts';
import { vars } from './contract.css.ts';
import './global.css.ts';
import {
  colors,
  desktopScales,
  durations,
  fontWeights,
  fonts,
  lineHeights,
  mobileScales,
  radii,
  shadows,
  zIndices,
} from './tokens.ts';

/**
 * The Nimbus theme, set on :root rather than on a class so that portals (dialogs, toasts) that
 * render into document.body see the same variables as the page.
 */
createGlobalTheme(':root', vars, {
  color: colors,
  font: fonts,
  fontSize: desktopScales.fontSize,
  fontWeight: fontWeights,
  lineHeight: lineHeights,
  space: desktopScales.space,
  control: desktopScales.control,
  radius: radii,
  shadow: shadows,
  z: zIndices,
  duration: durations,
  layout: desktopScales.layout,
});

// At or below the breakpoint the mobile canvas applies: its lengths are divided by 50, not 100.
globalStyle(':root', {
  '@media': {
    [mobileQuery]: {
      vars: {
        ...assignVars(vars.fontSize, mobileScales.fontSize),
        ...assignVars(vars.space, mobileScales.space),
        ...assignVars(vars.control, mobileScales.control),
        ...assignVars(vars.layout, mobileScales.layout),
      },
    },
  },
});

/**
 * Components import `vars` from here, so any one component brings the theme and the root font rule
 * with it.
 */
export { vars };
