// The two-factor step of signing in is downloaded when an account reaches it (decision 004).
// When it cannot be (offline, or a deploy replaced the files), the page says so and offers to
// start again instead of going blank.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { SecondFactorForm } from '../src/features/auth/components/second-factor-form.js';

vi.mock('../src/features/auth/components/two-factor-code-form.js', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

it('says the step could not be loaded, and starts again on request', async () => {
  const onCancel = vi.fn();
  render(<SecondFactorForm onSubmit={async () => undefined} onCancel={onCancel} />);
  expect((await screen.findByRole('alert')).textContent).toBe(
    'The two-factor step could not be loaded. Check your connection.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
  expect(onCancel).toHaveBeenCalledOnce();
});
