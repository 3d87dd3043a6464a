// The shell on the real route tree: the top bar's Menu button (which folds the tools on a
// phone; the folding itself is CSS, checked in the browser by e2e/tests/layout.e2e.ts) opens
// and closes from the keyboard and gives focus back; one assistant button, in the dock of fixed
// buttons with the god-mode toggle; the module page's level-one heading is the module's name.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderAt, signedInAs, signedOut } from './render-app.js';

const quietBell = () => ({ status: 200, body: { unread: 0 } });

describe('top bar menu', () => {
  it('opens with Enter, closes with Escape and gives focus back to the button', async () => {
    fakeServer({
      'GET /api/user': signedInAs('supergod', 'zeus'),
      'GET /api/messages/unread-count': quietBell,
    });
    const user = userEvent.setup();
    renderAt('/app-central');
    const bar = await screen.findByRole('banner');
    const menu = within(bar).getByRole('button', { name: 'Menu' });
    const tools = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(tools?.hasAttribute('data-open')).toBe(false);
    // Everything the phone menu holds is in the panel the button controls.
    await within(tools as HTMLElement).findByText('zeus');
    within(tools as HTMLElement).getByText('Super-God Mode Active');
    within(tools as HTMLElement).getByRole('button', { name: 'Logout' });
    within(tools as HTMLElement).getByRole('button', { name: 'Increase font size' });
    await within(tools as HTMLElement).findByRole('button', { name: /^Announcements/ });

    menu.focus();
    await user.keyboard('{Enter}');
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(tools?.hasAttribute('data-open')).toBe(true);
    await user.tab();
    expect(tools?.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);

    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('heading', { level: 1, name: 'Omega Module System' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the text size and theme tools for visitors, without Logout', async () => {
    fakeServer({ 'GET /api/user': signedOut });
    renderAt('/auth');
    const bar = await screen.findByRole('banner');
    within(bar).getByRole('button', { name: 'Menu' });
    within(bar).getByRole('button', { name: 'Switch to light theme' });
    expect(within(bar).queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});

describe('fixed buttons', () => {
  it('has one assistant button, beside the god-mode toggle for admins', async () => {
    fakeServer({
      'GET /api/user': signedInAs('admin'),
      'GET /api/messages/unread-count': quietBell,
    });
    renderAt('/app-central');
    const fab = await screen.findByRole('button', { name: 'God Mode AI Assistant' });
    expect(screen.getAllByRole('button', { name: /assistant/i })).toEqual([fab]);
    const toggle = screen.getByRole('button', { name: 'Enter God Mode' });
    const dock = fab.closest('.omega-dock');
    expect(dock).not.toBeNull();
    expect(dock?.contains(toggle)).toBe(true);
  });

  it('gives a plain user the AI Assistant and no god-mode toggle', async () => {
    fakeServer({
      'GET /api/user': signedInAs('user'),
      'GET /api/messages/unread-count': quietBell,
    });
    renderAt('/app-central');
    const fab = await screen.findByRole('button', { name: 'AI Assistant' });
    expect(screen.getAllByRole('button', { name: /assistant/i })).toEqual([fab]);
    expect(screen.queryByRole('button', { name: /God Mode/ })).toBeNull();
  });
});

describe('module page', () => {
  it("is headed by the module's name, which follows the edit", async () => {
    fakeServer({
      'GET /api/user': signedInAs('user'),
      'GET /api/messages/unread-count': quietBell,
    });
    const user = userEvent.setup();
    renderAt('/module/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 4' })).toBeDefined();
    const input = screen.getByLabelText('Module name');
    await user.clear(input);
    await user.type(input, 'Payments');
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(localStorage.getItem('omega.module-name.4')).toBe('Payments'));
  });
});
