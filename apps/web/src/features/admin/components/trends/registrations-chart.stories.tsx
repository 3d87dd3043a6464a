// The registrations chart: new accounts by role over 90 days, its table of the days that had
// any, on a phone, ninety empty days, loading, and a read that failed.
import type { Meta, StoryObj } from '@storybook/react';
import { RegistrationsChart } from './registrations-chart.js';
import { sampleRegistrations } from './trend-samples.js';
import { onDashboard, onPhone, unreachable } from './trend-story-frames.js';

const meta: Meta<typeof RegistrationsChart> = {
  title: 'Web/Admin/Trends/Registrations',
  component: RegistrationsChart,
  decorators: [onDashboard],
  args: { read: { data: sampleRegistrations() } },
};
export default meta;

type Story = StoryObj<typeof RegistrationsChart>;

export const Chart: Story = {};

/** The table view, as a screen reader or keyboard user may prefer it. */
export const Table: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show table of new accounts' }));
  },
};

export const Phone: Story = { decorators: [onPhone] };

/** Ninety days without a new account. */
export const Empty: Story = {
  args: {
    read: {
      data: {
        ...sampleRegistrations(),
        users: Array(90).fill(0),
        admins: Array(90).fill(0),
        supergods: Array(90).fill(0),
      },
    },
  },
};

export const Loading: Story = { args: { read: {} } };

export const Failed: Story = { args: { read: { error: unreachable } } };
