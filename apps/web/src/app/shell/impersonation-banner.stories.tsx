// The view-as banner at the start of a view, near its end, and on a phone, where the sentence
// and 'End view' wrap onto two lines.
import type { Decorator, Meta, StoryObj } from '@storybook/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import '../app.css';
import { ImpersonationBanner } from './impersonation-banner.js';

const withApp: Decorator = (Story) => (
  <MemoryRouter>
    <SWRConfig value={{ provider: () => new Map() }}>
      <Story />
    </SWRConfig>
  </MemoryRouter>
);

const endingIn = (minutes: number) => ({
  by: { id: 1, username: 'boss' },
  startedAt: new Date(Date.now() - (15 - minutes) * 60_000).toISOString(),
  endsAt: new Date(Date.now() + minutes * 60_000).toISOString(),
});

const meta: Meta<typeof ImpersonationBanner> = {
  title: 'Web/Shell/View-as banner',
  component: ImpersonationBanner,
  decorators: [withApp],
  args: { user: { id: 7, username: 'ann' }, view: endingIn(15) },
};
export default meta;

type Story = StoryObj<typeof ImpersonationBanner>;

export const JustStarted: Story = {};
export const AlmostOver: Story = { args: { view: endingIn(1) } };
export const OnAPhone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
