// The sign-ins chart: a week of office-hours sign-ins and some failures, its table of the hours
// that had any, on a phone, an empty week, loading, and a read that failed.
import type { Meta, StoryObj } from '@storybook/react';
import { SignInsChart } from './sign-ins-chart.js';
import { sampleSignIns } from './trend-samples.js';
import { onDashboard, onPhone, unreachable } from './trend-story-frames.js';

const meta: Meta<typeof SignInsChart> = {
  title: 'Web/Admin/Trends/Sign-ins',
  component: SignInsChart,
  decorators: [onDashboard],
  args: { read: { data: sampleSignIns() } },
};
export default meta;

type Story = StoryObj<typeof SignInsChart>;

export const Chart: Story = {};

/** The table view, as a screen reader or keyboard user may prefer it. */
export const Table: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show table of sign-ins' }));
  },
};

export const Phone: Story = { decorators: [onPhone] };

/** A week without a sign-in. */
export const Empty: Story = {
  args: {
    read: {
      data: { ...sampleSignIns(), succeeded: Array(168).fill(0), failed: Array(168).fill(0) },
    },
  },
};

export const Loading: Story = { args: { read: {} } };

export const Failed: Story = { args: { read: { error: unreachable } } };
