// The sign-in screen's behaviour: client validation before any request, the server's
// answer in a toast, the session refreshed after success, the registration keys' show/hide
// buttons, and a visitor's plan comparison with the plan chosen there kept through sign-up.
import type { Plan } from '@omega/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentSubscription, fakeAdminServer, user as userAs } from './admin-fake-server.js';
import { fakeServer, renderAt, signedInAs, signedOut } from './render-app.js';

describe('auth screen', () => {
  it('shows the validation messages and sends nothing', async () => {
    const calls = fakeServer({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderAt('/auth');
    await screen.findByText('Sign in to your account or create a new one');
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeDefined();
    expect(screen.getByText('Password must be at least 6 characters')).toBeDefined();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('signs in, shows the welcome toast and the username in the shell', async () => {
    let signedIn = false;
    const calls = fakeServer({
      'GET /api/user': () => (signedIn ? signedInAs('user', 'alice')() : signedOut(undefined)),
      'POST /api/login': () => {
        signedIn = true;
        return {
          status: 200,
          body: {
            ok: true,
            message: 'Logged in successfully',
            user: signedInAs('user', 'alice')().body,
          },
        };
      },
    });
    const user = userEvent.setup();
    const { location } = renderAt('/auth');
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Logged in successfully')).toBeDefined();
    expect(screen.getByText('Welcome alice!')).toBeDefined();
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(screen.getByTestId('current-username').textContent).toBe('alice');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'alice',
      password: 'secret1',
    });
  });

  it("shows the server's message in a destructive 'Error' toast", async () => {
    fakeServer({
      'GET /api/user': signedOut,
      'POST /api/login': () => ({ status: 401, body: { message: 'Invalid username or password' } }),
    });
    const user = userEvent.setup();
    renderAt('/auth');
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Error')).toBeDefined();
    expect(screen.getByText('Invalid username or password')).toBeDefined();
  });

  // Only GET /api/user says an administrator must set up two-factor first (the registration's
  // answer does not): a new administrator is sent to set it up, not to a console of 403s.
  it('sends a new administrator who must use two-factor to set it up, not to the console', async () => {
    let registered = false;
    const admin = () => ({ ...signedInAs('admin', 'ada')().body, twoFactorSetupRequired: true });
    fakeServer({
      'GET /api/user': () => (registered ? { status: 200, body: admin() } : signedOut(undefined)),
      'POST /api/register-admin': () => {
        registered = true;
        const { twoFactorSetupRequired: _, ...user } = admin();
        return { status: 200, body: { ok: true, message: 'Registered', user } };
      },
    });
    const user = userEvent.setup();
    const { location } = renderAt('/admin-register');
    await user.type(await screen.findByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Administrator Secret Key'), 'the-admin-key');
    await user.click(screen.getByRole('button', { name: 'Register as Administrator' }));
    await waitFor(() => expect(location.pathname).toBe('/account/security'));
  });

  it("answers a wrong supergod key with the spec's toast", async () => {
    fakeServer({
      'GET /api/user': signedOut,
      'POST /api/register-supergod': () => ({
        status: 403,
        body: { message: 'Invalid Super-God key' },
      }),
    });
    const user = userEvent.setup();
    renderAt('/supergod-register');
    await user.type(await screen.findByLabelText('Username'), 'zeus');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Super-God Secret Key'), 'wrong-key-123');
    await user.click(screen.getByRole('button', { name: 'Register as Super-God' }));
    const description = await screen.findByText(
      "You don't have permission to create a Super-God account",
    );
    expect(description.parentElement?.textContent).toContain('Invalid Super-God key');
    // The key field says what was wrong too.
    expect(screen.getByRole('alert').textContent).toBe('Invalid Super-God key');
  });
});

describe('registration keys', () => {
  it('names the show/hide button after the administrator key it shows', async () => {
    fakeServer({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderAt('/admin-register');
    const key = await screen.findByLabelText('Administrator Secret Key');
    expect(key.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show administrator secret key' }));
    expect(key.getAttribute('type')).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide administrator secret key' });
    // The password's own toggle still says what it shows.
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDefined();
    await user.click(hide);
    expect(key.getAttribute('type')).toBe('password');
  });

  it('names the show/hide button after the Super-God key it shows', async () => {
    fakeServer({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderAt('/supergod-register');
    const key = await screen.findByLabelText('Super-God Secret Key');
    await user.click(screen.getByRole('button', { name: 'Show Super-God secret key' }));
    expect(key.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide Super-God secret key' })).toBeDefined();
  });
});

const plan = (id: string, name: string, price: number, features: string[]): Plan => ({
  id,
  name,
  price,
  annualPrice: price * 10,
  trialDays: price > 0 ? 14 : null,
  isPopular: id === 'pro',
  perks: [],
  features,
  annualSavingPercent: 17,
});
const plans = [
  plan('free', 'Free', 0, ['Wallet balance']),
  plan('starter', 'Starter', 900, ['Wallet balance', 'Send to phone']),
  plan('pro', 'Pro', 2900, ['Wallet balance', 'Send to phone', 'Spending analytics']),
];

/** A visitor who registers as 'newbie'; answers the calls of the pages they reach after. */
function visitorServer() {
  let signedIn = false;
  const newbie = userAs('user', 7);
  return fakeAdminServer({
    'GET /api/user': (req) =>
      signedIn ? newbie(req) : { status: 401, body: { message: 'Authentication required' } },
    'GET /api/subscription/plans': () => ({ body: plans }),
    'POST /api/register': (req) => {
      signedIn = true;
      return { body: { ok: true, message: 'Registered successfully', user: newbie(req).body } };
    },
    'GET /api/subscription/current': () => ({
      body: currentSubscription({ planId: 'free', planName: 'Free', nextCharge: null }),
    }),
    'POST /api/subscription/preview-change': () => ({
      body: {
        kind: 'trial',
        lines: [],
        chargedNow: 0,
        creditAfter: 0,
        effectiveAt: '2026-11-15T12:00:00.000Z',
        nextRenewalAt: '2026-11-29T12:00:00.000Z',
        nextRenewalAmount: 2900,
      },
    }),
    'GET /api/messages/unread-count': () => ({ body: { unread: 0 } }),
  });
}

/** A paragraph whose whole text matches, however its words are marked up. */
const paragraph = (pattern: RegExp) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && pattern.test(el.textContent ?? '');

describe('plans for a visitor', () => {
  async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(screen.getByRole('button', { name: 'Compare plans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare plans' });
    await user.click(
      await within(dialog).findByRole('button', { name: `Sign Up Now for ${name}` }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  }

  async function register(user: ReturnType<typeof userEvent.setup>) {
    const panel = screen.getByRole('tabpanel', { name: 'Register' });
    await user.type(within(panel).getByLabelText('Username'), 'newbie');
    await user.type(within(panel).getByLabelText('Password'), 'secret1');
    await user.click(within(panel).getByRole('button', { name: 'Register' }));
  }

  it('compares the plans with a Sign Up Now button each, from the public plan list', async () => {
    const fake = visitorServer();
    const user = userEvent.setup();
    renderAt('/auth');
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    await user.click(screen.getByRole('button', { name: 'Compare plans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare plans' });
    const buttons = await within(dialog).findAllByRole('button', { name: /^Sign Up Now/ });
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['Sign Up Now', 'Sign Up Now for Free'],
      ['Sign Up Now', 'Sign Up Now for Starter'],
      ['Sign Up Now', 'Sign Up Now for Pro'],
    ]);
    expect(within(dialog).getByText('Most Popular')).toBeDefined();
    const row = within(dialog).getByRole('row', { name: /^Send to phone/ });
    expect(
      within(row)
        .getAllByRole('img')
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Not included', 'Included', 'Included']);
    expect(fake.to('GET /api/subscription/plans')).not.toEqual([]);
  });

  it('keeps a paid plan chosen there through registration, then asks to confirm it', async () => {
    const fake = visitorServer();
    const user = userEvent.setup();
    const { location } = renderAt('/auth');
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    await pick(user, 'Pro');
    expect(await screen.findByText(paragraph(/^Chosen plan: Pro \(/))).toBeDefined();
    await register(user);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your Pro plan' });
    expect(location.pathname).toBe('/subscription/plans');
    expect(await within(confirm).findByText('$0.00')).toBeDefined();
    expect(JSON.parse(fake.to('POST /api/subscription/preview-change')[0]?.body ?? '')).toEqual({
      planId: 'pro',
      interval: 'month',
    });
  });

  it('needs nothing more for the Free plan', async () => {
    const fake = visitorServer();
    const user = userEvent.setup();
    const { location } = renderAt('/auth');
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    await pick(user, 'Pro');
    await screen.findByText(paragraph(/^Chosen plan: Pro \(/));
    // Changing one's mind to Free drops the paid choice.
    await pick(user, 'Free');
    expect(screen.queryByText(paragraph(/^Chosen plan/))).toBeNull();
    await register(user);
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(fake.to('POST /api/subscription/preview-change')).toEqual([]);
  });
});
