import type { Decorator, Preview } from '@storybook/react-vite';
import { createElement } from 'react';
import { bareFrame, previewFrame } from './preview.css.ts';

/** Story locales: the product ships in English and Simplified Chinese. */
export const locales = ['en', 'zh-CN'] as const;

/**
 * Wraps every story in the themed page frame and sets `lang`, so Chinese stories get Chinese
 * line metrics and screen readers pick the right voice.
 */
const withTheme: Decorator = (Story, context) => {
  const locale = context.globals['locale'] === 'zh-CN' ? 'zh-CN' : 'en';
  // Page-wide components (header, footer) set `parameters.frame: 'bare'` to sit edge to edge.
  const className = context.parameters['frame'] === 'bare' ? bareFrame : previewFrame;
  return createElement('div', { lang: locale, className }, createElement(Story));
};

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    locale: {
      description: 'Language of the story texts',
      toolbar: { title: 'Locale', icon: 'globe', items: [...locales], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    viewport: {
      options: {
        mobile375: {
          name: 'Mobile 375',
          styles: { width: '375px', height: '812px' },
          type: 'mobile',
        },
        tablet960: {
          name: 'Breakpoint 960',
          styles: { width: '960px', height: '900px' },
          type: 'tablet',
        },
        desktop1440: {
          name: 'Desktop 1440',
          styles: { width: '1440px', height: '900px' },
          type: 'desktop',
        },
        desktop1920: {
          name: 'Design canvas 1920',
          styles: { width: '1920px', height: '1080px' },
          type: 'desktop',
        },
      },
    },
    a11y: { test: 'error' },
  },
};

export default preview;
