// The top bar's states: signed out, a user, a supergod, and on a phone, where the tools fold
// behind the Menu button (the bar folds by its own width, so a 360 px frame shows the phone).
// The bell is the real one, with its unread count given to SWR instead of fetched.
import type { Decorator, Meta, StoryObj } from '@storybook/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import '../app.css';
import { AnnouncementsBell } from '../../features/announcements/components/announcements-bell.js';
import { TopBarView } from './top-bar-view.js';

const withApp: Decorator = (Story) => (
  <MemoryRouter>
    <SWRConfig
      value={{
        provider: () => new Map(),
        fallback: { '/api/messages/unread-count': { unread: 2 } },
      }}
    >
      <Story />
    </SWRConfig>
  </MemoryRouter>
);

const onPhone: Decorator = (Story) => (
  <div style={{ width: 360, minHeight: 320, border: '1px dashed var(--omega-border)' }}>
    <Story />
  </div>
);

const meta: Meta<typeof TopBarView> = {
  title: 'Web/Shell/Top bar',
  component: TopBarView,
  decorators: [withApp],
  args: {
    username: 'alice',
    supergod: false,
    bell: <AnnouncementsBell />,
    onLogout: () => {},
  },
};
export default meta;

type Story = StoryObj<typeof TopBarView>;

/** A signed-in user on a wide screen: every tool in the bar. */
export const SignedIn: Story = {};

/** Nobody signed in: text size and theme only. */
export const SignedOut: Story = {
  args: { username: null, bell: undefined, onLogout: undefined },
};

/** A supergod carries the 'Super-God Mode Active' badge. */
export const Supergod: Story = { args: { username: 'zeus', supergod: true } };

/** On a phone: back, home, forward, the brand and the Menu button. */
export const Phone: Story = { decorators: [onPhone] };

/** On a phone with the menu open: who is signed in, then the tools. */
export const PhoneMenuOpen: Story = {
  args: { username: 'zeus', supergod: true },
  decorators: [onPhone],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Menu' }));
  },
};
