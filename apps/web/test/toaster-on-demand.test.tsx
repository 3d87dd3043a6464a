// The toast renderer is loaded with the first toast (decision 004). When it cannot be loaded
// (offline, or a deploy replaced the files), the message still shows and can be closed.
import { toast } from '@omega/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { RootLayout } from '../src/app/root-layout.js';

vi.mock('@omega/ui/toaster', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

it('shows a toast, and lets it be closed, when the toast renderer cannot be loaded', async () => {
  render(
    <RootLayout>
      <button type="button" onClick={() => toast({ title: 'Plan changed', description: 'Pro' })}>
        Change
      </button>
    </RootLayout>,
  );
  expect(screen.queryByText('Plan changed')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Change' }));
  expect(await screen.findByText('Plan changed')).toBeTruthy();
  expect(screen.getByText('Pro')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByText('Plan changed')).toBeNull();
});
