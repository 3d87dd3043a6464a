// The assistant panel in the real shell: the label by role, Ask disabled while blank, Enter asks,
// the answer's links open pages, suggestions ask when clicked, admins see the live figures,
// ratings and failures give the spec's toasts, Escape closes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRoute, fakeServer, renderAt, signedInAs } from './render-app.js';

const answer = (query: string) => ({
  answer: [
    'From the Omega help:',
    `**Cancelling and resuming › Cancelling** (${query})`,
    "Press 'Cancel Subscription'. It ends at the period end.",
    'Read more: [Cancelling and resuming](/subscription)',
  ].join('\n\n'),
  suggestions: ['Resuming (undo a cancellation)'],
  actions: [
    { label: 'Open subscription plans', type: 'navigate', endpoint: '/subscription/plans' },
  ],
  sources: [{ title: 'Cancelling and resuming', path: '/subscription' }],
  responseId: 'V1StGXR8_Z5jdHi6B-myT',
});

const assistant: FakeRoute = (init) => {
  const { query } = JSON.parse(String(init?.body));
  return { status: 200, body: answer(query) };
};

async function openPanel(
  role: 'user' | 'admin' | 'supergod',
  routes: Record<string, FakeRoute> = {},
) {
  const calls = fakeServer({
    'GET /api/user': signedInAs(role, 'alice'),
    'POST /api/ai/ai-assistant': assistant,
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderAt('/mock-dashboard');
  const label = role === 'user' ? 'AI Assistant' : 'God Mode AI Assistant';
  await user.click(await screen.findByRole('button', { name: label }));
  const panel = await screen.findByRole('dialog', { name: label });
  const asks = () => calls.filter((c) => c.url === '/api/ai/ai-assistant');
  return { calls, asks, user, panel, ...view };
}

describe('assistant panel', () => {
  it('keeps Ask disabled while the question is blank', async () => {
    const { user, panel, asks } = await openPanel('user');
    const ask = within(panel).getByRole('button', { name: 'Ask' });
    expect(ask).toHaveProperty('disabled', true);
    await user.type(within(panel).getByLabelText('Your question'), '   ');
    expect(ask).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(asks()).toEqual([]);
  });

  it('asks on Enter and shows the answer with a working link', async () => {
    const { user, panel, asks, location } = await openPanel('user');
    await user.type(within(panel).getByLabelText('Your question'), 'how do I cancel?{Enter}');
    await within(panel).findByText("Press 'Cancel Subscription'. It ends at the period end.");
    expect(asks()).toEqual([
      {
        method: 'POST',
        url: '/api/ai/ai-assistant',
        body: { query: 'how do I cancel?', userId: 1 },
      },
    ]);
    await user.click(within(panel).getByRole('link', { name: 'Cancelling and resuming' }));
    await waitFor(() => expect(location.pathname).toBe('/subscription'));
  });

  it('asks a suggestion when it is clicked, and follows an action', async () => {
    const { user, panel, asks, location } = await openPanel('user');
    await user.type(within(panel).getByLabelText('Your question'), 'cancel{Enter}');
    await user.click(
      await within(panel).findByRole('button', { name: 'Resuming (undo a cancellation)' }),
    );
    await waitFor(() => expect(asks()).toHaveLength(2));
    expect(asks()[1]?.body).toEqual({ query: 'Resuming (undo a cancellation)', userId: 1 });
    await within(panel).findByText(/\(Resuming \(undo a cancellation\)\)/);
    await user.click(within(panel).getByRole('button', { name: 'Open subscription plans' }));
    await waitFor(() => expect(location.pathname).toBe('/subscription/plans'));
  });

  it('rates an answer and thanks the user; a failure says so', async () => {
    let fail = false;
    const { user, panel, calls } = await openPanel('user', {
      'POST /api/ai/feedback': () =>
        fail
          ? { status: 500, body: { message: 'down' } }
          : { status: 200, body: { ok: true, message: 'Thank you for your feedback!' } },
    });
    await user.type(within(panel).getByLabelText('Your question'), 'cancel{Enter}');
    fail = true;
    await user.click(await within(panel).findByRole('button', { name: 'No' }));
    expect(await screen.findByText('Failed to submit feedback')).toBeDefined();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeDefined();
    expect(calls.filter((c) => c.url === '/api/ai/feedback').at(-1)?.body).toEqual({
      responseId: 'V1StGXR8_Z5jdHi6B-myT',
      userId: 1,
      rating: 5,
      helpful: true,
      query: 'cancel',
    });
    expect(within(panel).getByRole('button', { name: 'Yes' })).toHaveProperty('disabled', true);
  });

  // The rating buttons are disabled once used, which takes the focus out of the panel: it stays
  // inside, so Escape still closes it.
  it('keeps the focus in the panel after a rating, so Escape still closes it', async () => {
    const { user, panel } = await openPanel('user', {
      'POST /api/ai/feedback': () => ({
        status: 200,
        body: { ok: true, message: 'Thank you for your feedback!' },
      }),
    });
    await user.type(within(panel).getByLabelText('Your question'), 'cancel{Enter}');
    await user.click(await within(panel).findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeDefined();
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends one rating for a double click', async () => {
    const { user, panel, calls } = await openPanel('user', {
      'POST /api/ai/feedback': () => ({
        status: 200,
        body: { ok: true, message: 'Thank you for your feedback!' },
      }),
    });
    await user.type(within(panel).getByLabelText('Your question'), 'cancel{Enter}');
    // Two clicks in one moment, before the first rating's answer is back.
    const no = await within(panel).findByRole('button', { name: 'No' });
    fireEvent.click(no);
    fireEvent.click(no);
    expect(await screen.findByText('Thank you for your feedback!')).toBeDefined();
    expect(calls.filter((c) => c.url === '/api/ai/feedback')).toHaveLength(1);
  });

  it("says 'Failed to process query' when the question cannot be answered", async () => {
    const { user, panel } = await openPanel('user', {
      'POST /api/ai/ai-assistant': () => ({
        status: 400,
        body: { message: 'query must be at most 500 characters' },
      }),
    });
    await user.type(within(panel).getByLabelText('Your question'), 'cancel{Enter}');
    expect(await screen.findByText('Failed to process query')).toBeDefined();
    expect(screen.getByText('query must be at most 500 characters')).toBeDefined();
  });

  it('is the God Mode AI Assistant for admins, with the live figures', async () => {
    const { user, panel } = await openPanel('admin', {
      'POST /api/ai/ai-assistant': (init) => ({
        status: 200,
        body: {
          ...answer(JSON.parse(String(init?.body)).query),
          metrics: { errorRate: 0.05, activeUsers: 2, systemHealth: { status: 'healthy' } },
        },
      }),
    });
    expect(within(panel).getByText('System architecture and technical insight')).toBeDefined();
    await user.type(within(panel).getByLabelText('Your question'), 'errors{Enter}');
    expect(await within(panel).findByText('0.05 / min (last hour)')).toBeDefined();
    expect(within(panel).getByText('2 (last 15 min)')).toBeDefined();
    expect(within(panel).getByText('healthy')).toBeDefined();
  });

  it('closes on Escape, gives focus back to its button, and that button opens it again', async () => {
    const { user } = await openPanel('user');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Not <body>: a keyboard user goes on from the button that opened it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'AI Assistant' }));
    await user.click(screen.getByRole('button', { name: 'AI Assistant' }));
    expect(await screen.findByRole('dialog', { name: 'AI Assistant' })).toBeDefined();
  });

  it('is a labelled dialog, not a second banner of the page', async () => {
    const { panel } = await openPanel('user');
    expect(within(panel).queryByRole('banner')).toBeNull();
    expect(within(panel).getByRole('heading', { level: 2, name: 'AI Assistant' })).toBeDefined();
  });

  describe('offers only the pages the viewer may open', () => {
    const withActions: FakeRoute = (init) => ({
      status: 200,
      body: {
        ...answer(JSON.parse(String(init?.body)).query),
        actions: [
          { label: 'Open the supergod console', type: 'navigate', endpoint: '/supergod' },
          { label: 'Open system logs', type: 'navigate', endpoint: '/admin/logs' },
        ],
      },
    });

    it('hides a supergod page from an admin', async () => {
      const { user, panel } = await openPanel('admin', {
        'POST /api/ai/ai-assistant': withActions,
      });
      await user.type(within(panel).getByLabelText('Your question'), 'supergod console{Enter}');
      await within(panel).findByRole('button', { name: 'Open system logs' });
      expect(within(panel).queryByRole('button', { name: 'Open the supergod console' })).toBeNull();
    });

    it('shows it to a supergod', async () => {
      const { user, panel } = await openPanel('supergod', {
        'POST /api/ai/ai-assistant': withActions,
      });
      await user.type(within(panel).getByLabelText('Your question'), 'supergod console{Enter}');
      await within(panel).findByRole('button', { name: 'Open the supergod console' });
      expect(within(panel).getByRole('button', { name: 'Open system logs' })).toBeDefined();
    });
  });
});
