// The errors-and-warnings chart: a day with an incident, its table of the minutes that had any,
// on a phone, a quiet day, loading, and a read that failed.
import type { Meta, StoryObj } from '@storybook/react';
import { LogLevelsChart } from './log-levels-chart.js';
import { sampleLogLevels } from './trend-samples.js';
import { onDashboard, onPhone, unreachable } from './trend-story-frames.js';

const meta: Meta<typeof LogLevelsChart> = {
  title: 'Web/Admin/Trends/Errors and warnings',
  component: LogLevelsChart,
  decorators: [onDashboard],
  args: { read: { data: sampleLogLevels() } },
};
export default meta;

type Story = StoryObj<typeof LogLevelsChart>;

export const Chart: Story = {};

/** The table view, as a screen reader or keyboard user may prefer it. */
export const Table: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'Show table of errors and warnings' }),
    );
  },
};

export const Phone: Story = { decorators: [onPhone] };

/** A quiet day: nothing to draw. */
export const Empty: Story = {
  args: {
    read: {
      data: { ...sampleLogLevels(), errors: Array(1440).fill(0), warnings: Array(1440).fill(0) },
    },
  },
};

export const Loading: Story = { args: { read: {} } };

export const Failed: Story = { args: { read: { error: unreachable } } };
