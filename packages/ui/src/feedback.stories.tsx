import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScrollArea } from './scroll-area.js';
import { Skeleton } from './skeleton.js';
import { Spinner } from './spinner.js';

const meta = { title: 'Components/Loading and scrolling', component: Spinner } satisfies Meta<
  typeof Spinner
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SpinnerSizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1rem' }}>
      <Spinner size="sm" />
      <Spinner />
      <Spinner size="lg" aria-label="Loading logs" />
    </div>
  ),
};
export const Skeletons: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '0.5rem', maxWidth: '20rem' }}>
      <Skeleton style={{ height: '1.5rem' }} />
      <Skeleton style={{ height: '1rem', width: '60%' }} />
    </div>
  ),
};
export const ScrollingList: Story = {
  render: () => (
    <ScrollArea style={{ height: '10rem', maxWidth: '24rem' }}>
      <ul style={{ margin: 0, padding: '0.5rem 1.5rem' }}>
        {Array.from({ length: 30 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders
          <li key={i}>Log entry {i + 1}</li>
        ))}
      </ul>
    </ScrollArea>
  ),
};
