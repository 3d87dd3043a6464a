// The revenue card: MRR now, MRR per day and its daily movements over 90 days, the tables, on a
// phone, no revenue yet, loading, and a read that failed.
import type { Meta, StoryObj } from '@storybook/react';
import { RevenueChart } from './revenue-chart.js';
import { sampleRevenue } from './trend-samples.js';
import { onDashboard, onPhone, unreachable } from './trend-story-frames.js';

const meta: Meta<typeof RevenueChart> = {
  title: 'Web/Admin/Trends/Revenue',
  component: RevenueChart,
  decorators: [onDashboard],
  args: { read: { data: sampleRevenue() } },
};
export default meta;

type Story = StoryObj<typeof RevenueChart>;

export const Chart: Story = {};

/** The table view, as a screen reader or keyboard user may prefer it. */
export const Table: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show table of MRR per day' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show table of MRR movements' }));
  },
};

export const Phone: Story = { decorators: [onPhone] };

/** No paying subscriber yet: MRR now is $0.00 and there is nothing to draw. */
export const Empty: Story = {
  args: {
    read: {
      data: {
        ...sampleRevenue(),
        mrrNow: 0,
        mrr: Array(90).fill(0),
        newMrr: Array(90).fill(0),
        expansionMrr: Array(90).fill(0),
        contractionMrr: Array(90).fill(0),
        churnedMrr: Array(90).fill(0),
      },
    },
  },
};

export const Loading: Story = { args: { read: {} } };

export const Failed: Story = { args: { read: { error: unreachable } } };
