// Every story of every component renders without an error and passes its play function (run
// with the story's args, as Storybook runs it): a broken story fails CI.
import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';

type StoriesModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoriesModule>('../src/**/*.stories.tsx', { eager: true });

describe.each(Object.entries(modules))('%s', (_file, module) => {
  // Composed stories of an untyped module: what this test uses of each is `run`.
  const stories = Object.entries(composeStories(module)) as Array<
    [string, { run(context: { canvasElement: HTMLElement }): Promise<void> }]
  >;
  it.each(stories)('%s renders and plays', async (_name, Story) => {
    const canvasElement = document.createElement('div');
    document.body.append(canvasElement);
    await Story.run({ canvasElement });
    expect(canvasElement.innerHTML).not.toBe('');
  });
});

it('finds the stories', () => {
  expect(Object.keys(modules).length).toBeGreaterThanOrEqual(12);
});
