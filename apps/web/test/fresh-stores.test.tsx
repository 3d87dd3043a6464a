// What a test leaves in the app's stores does not reach the next one (test/zustand-reset.ts):
// the second test sees the dark theme, normal text and no god mode after the first changed all
// three, as a fresh page load with empty storage would.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '../src/lib/ui-store.js';
import { fakeServer, renderAt, signedInAs } from './render-app.js';

/** An admin signed in, with no announcements. */
const adminServer = () =>
  fakeServer({
    'GET /api/user': signedInAs('admin'),
    'GET /api/messages/unread-count': () => ({ status: 200, body: { unread: 0 } }),
  });

describe('stores between tests', () => {
  it('changes the theme, the text size and god mode', async () => {
    adminServer();
    const user = userEvent.setup();
    renderAt('/app-central');
    const bar = await screen.findByRole('banner');
    await user.click(within(bar).getByRole('button', { name: 'Switch to light theme' }));
    await user.click(within(bar).getByRole('button', { name: 'Increase font size' }));
    await user.click(await screen.findByRole('button', { name: 'Enter God Mode' }));
    expect(useUiStore.getState()).toMatchObject({ theme: 'light', fontSize: 17, godMode: true });
  });

  it('starts the next test as a first visit would', async () => {
    adminServer();
    renderAt('/app-central');
    const bar = await screen.findByRole('banner');
    within(bar).getByRole('button', { name: 'Switch to light theme' });
    await screen.findByRole('button', { name: 'Enter God Mode' });
    expect(useUiStore.getState()).toMatchObject({ theme: 'dark', fontSize: 16, godMode: false });
  });
});
