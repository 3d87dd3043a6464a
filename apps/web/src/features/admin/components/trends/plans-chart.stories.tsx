// The plan distribution: accounts per plan over 90 days, its table of the days a count changed,
// on a phone, no accounts yet, loading, and a read that failed.
import type { Meta, StoryObj } from '@storybook/react';
import { PlansChart } from './plans-chart.js';
import { samplePlans } from './trend-samples.js';
import { onDashboard, onPhone, unreachable } from './trend-story-frames.js';

const meta: Meta<typeof PlansChart> = {
  title: 'Web/Admin/Trends/Plan distribution',
  component: PlansChart,
  decorators: [onDashboard],
  args: { read: { data: samplePlans() } },
};
export default meta;

type Story = StoryObj<typeof PlansChart>;

export const Chart: Story = {};

/** The table view, as a screen reader or keyboard user may prefer it. */
export const Table: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show table of accounts per plan' }));
  },
};

export const Phone: Story = { decorators: [onPhone] };

/** A fresh install: plans, but no accounts yet. */
export const Empty: Story = {
  args: {
    read: {
      data: {
        ...samplePlans(),
        plans: samplePlans().plans.map((p) => ({ ...p, accounts: Array(90).fill(0) })),
      },
    },
  },
};

export const Loading: Story = { args: { read: {} } };

export const Failed: Story = { args: { read: { error: unreachable } } };
