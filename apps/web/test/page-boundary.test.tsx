// A page whose code cannot be downloaded (the network dropped, or a deploy replaced the files
// since the tab opened) says so and offers a reload, inside the shell, instead of leaving an
// empty window; the other pages still open.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeServer, renderAt, signedInAs } from './render-app.js';

// Chrome's words when the page's file could not be fetched (the end-to-end suite saw them).
vi.mock('../src/features/subscription/routes/plans-page.js', () => ({
  get PlansPage() {
    throw new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/assets/plans-page-BHUiYcBN.js',
    );
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

it('says the page could not be downloaded and reloads it on request', async () => {
  fakeServer({ 'GET /api/user': signedInAs('user') });
  // React reports an error a boundary caught on the console; that is expected here.
  vi.mocked(console.error).mockImplementation(() => {});
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  renderAt('/subscription/plans');
  expect(await screen.findByRole('heading', { name: 'This page did not open' })).toBeDefined();
  expect(screen.getByRole('alert').textContent).toBe(
    'This page could not be downloaded: the connection may have dropped, or Omega was updated since this tab opened.',
  );
  // The shell is still there to go elsewhere.
  expect(screen.getByRole('navigation')).toBeDefined();
  await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
  expect(reload).toHaveBeenCalledOnce();
});

it('opens the other pages as usual', async () => {
  fakeServer({ 'GET /api/user': signedInAs('user') });
  renderAt('/app-central');
  expect(await screen.findByText('Omega Module System')).toBeDefined();
  expect(screen.queryByText('This page did not open')).toBeNull();
});
