// Every story of every component renders without an error: a broken story fails CI.
import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';

type StoriesModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoriesModule>('../src/**/*.stories.tsx', { eager: true });

describe.each(Object.entries(modules))('%s', (_file, module) => {
  // Composed stories are components with an optional play function.
  const stories = Object.entries(composeStories(module)) as Array<
    [string, ComponentType & { play?(ctx: { canvasElement: HTMLElement }): Promise<void> }]
  >;
  it.each(stories)('%s renders', async (_name, Story) => {
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
    expect(container.innerHTML).not.toBe('');
  });
});

it('finds the stories', () => {
  expect(Object.keys(modules).length).toBeGreaterThanOrEqual(12);
});
