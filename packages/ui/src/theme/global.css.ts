import { globalStyle } from '@vanilla-extract/css';
import { desktopQuery } from './breakpoints.ts';
import { vars } from './contract.css.ts';

/**
 * The spec's root font rule (section 2): above 960 px the root font size is 5.2083% of the
 * window width (100 px at 1920 px), otherwise 50 px. All kit lengths are rem against it.
 */
globalStyle('html', {
  fontSize: '50px',
  WebkitTextSizeAdjust: '100%',
  '@media': {
    [desktopQuery]: { fontSize: '5.2083vw' },
  },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle(':lang(zh-CN), :lang(zh)', { lineHeight: vars.lineHeight.relaxed });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('*', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
