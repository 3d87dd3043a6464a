// The guards of spec section 6, on the real route tree.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderAt, signedInAs, signedOut } from './render-app.js';

describe('route guards', () => {
  it('shows the sign-in-required view to signed-out visitors on protected paths', async () => {
    fakeServer({ 'GET /api/user': signedOut });
    renderAt('/app-central');
    expect(await screen.findByText('Sign in required')).toBeDefined();
    expect(screen.queryByText('Omega Module System')).toBeNull();
  });

  it('shows the sign-in-required view on unknown paths when signed out', async () => {
    fakeServer({ 'GET /api/user': signedOut });
    renderAt('/no/such/page');
    expect(await screen.findByText('Sign in required')).toBeDefined();
  });

  it('lets signed-out visitors reach the sign-in and registration pages', async () => {
    fakeServer({ 'GET /api/user': signedOut });
    renderAt('/supergod-register');
    expect(await screen.findByRole('heading', { name: 'Super-God Registration' })).toBeDefined();
  });

  it('shows the not-found view to signed-in users on unknown paths', async () => {
    fakeServer({ 'GET /api/user': signedInAs('user') });
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeDefined();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeDefined();
  });

  it('sends signed-in users who are not admins from every admin page to / (decision 030)', async () => {
    for (const path of ['/admin', '/admin/communications', '/admin/logs']) {
      fakeServer({ 'GET /api/user': signedInAs('user') });
      const { location, unmount } = renderAt(path);
      await waitFor(() => expect(location.pathname, path).toBe('/'));
      expect(screen.queryByText('Sign in required')).toBeNull();
      unmount();
    }
  });

  it('shows the sign-in-required view on admin pages to signed-out visitors', async () => {
    fakeServer({ 'GET /api/user': signedOut });
    renderAt('/admin/communications');
    expect(await screen.findByText('Sign in required')).toBeDefined();
  });

  it('lets a supergod into admin pages', async () => {
    fakeServer({ 'GET /api/user': signedInAs('supergod') });
    renderAt('/admin/logs');
    expect(await screen.findByRole('heading', { name: 'System Logs' })).toBeDefined();
  });

  it('sends non-supergods away from /supergod with the Access Denied toast', async () => {
    fakeServer({ 'GET /api/user': signedInAs('admin') });
    const { location } = renderAt('/supergod');
    expect(await screen.findByText('Access Denied')).toBeDefined();
    expect(screen.getByText('This area requires Super-God privileges.')).toBeDefined();
    await waitFor(() => expect(location.pathname).toBe('/'));
  });

  it('redirects /subscriptions to /subscription', async () => {
    fakeServer({ 'GET /api/user': signedInAs('user') });
    const { location } = renderAt('/subscriptions');
    await waitFor(() => expect(location.pathname).toBe('/subscription'));
  });

  it('shows the red banner and the badge to a supergod', async () => {
    fakeServer({ 'GET /api/user': signedInAs('supergod', 'zeus') });
    renderAt('/app-central');
    expect(await screen.findByRole('status', { name: /Super-God Mode Active/ })).toBeDefined();
    expect(await screen.findByText('👑 Super-God Mode Access')).toBeDefined();
    expect(screen.getByTestId('current-username').textContent).toBe('zeus');
  });
});
