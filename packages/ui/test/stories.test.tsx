import { composeStories, type composeStory, setProjectAnnotations } from '@storybook/react';
import { act, render } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import preview from '../.storybook/preview.ts';

/**
 * Every story is rendered once, as the app would render it, and checked with axe-core.
 * Only serious and critical violations fail. `color-contrast` is disabled because jsdom does
 * not apply stylesheets or compute colours; contrast is covered by the token test
 * (src/theme/tokens.test.ts) and by the a11y addon in a real browser in Storybook.
 */
type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;
const modules = import.meta.glob<StoriesModule>('../src/**/*.stories.tsx', { eager: true });

beforeAll(() => {
  setProjectAnnotations([preview]);
});

const axeOptions: axe.RunOptions = {
  rules: { 'color-contrast': { enabled: false } },
  resultTypes: ['violations'],
};

describe.each(Object.entries(modules))('%s', (_file, module) => {
  const stories = Object.entries(composeStories(module) as Record<string, ComposedStory>);
  it.each(stories)('%s renders without serious accessibility violations', async (_name, Story) => {
    const { container } = render(<Story />);
    await act(async () => {
      await Story.play?.({ canvasElement: container });
    });
    expect(container.childElementCount).toBeGreaterThan(0);
    const results = await axe.run(document.body, axeOptions);
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
    expect(serious).toEqual([]);
  });
});
