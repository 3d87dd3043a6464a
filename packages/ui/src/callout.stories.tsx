import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button.js';
import { Callout } from './callout.js';

const meta = { title: 'Components/Callout', component: Callout } satisfies Meta<typeof Callout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A renewal whose charge failed: what is owed, when it is tried again, and the way out. */
export const PaymentFailed: Story = {
  args: {
    variant: 'destructive',
    title: 'Your payment failed',
    children: (
      <p>
        We could not charge $29.00 for your Pro plan: your card was declined. We will try again on
        Dec 3; unless it is paid by Dec 8, your plan moves to Free.
      </p>
    ),
    actions: (
      <>
        <Button>Pay now</Button>
        <Button variant="outline">Update payment method</Button>
      </>
    ),
  },
};
export const Info: Story = {
  args: {
    title: 'Test cards',
    children: <p>This server takes payments in demo mode: no card is ever charged.</p>,
  },
};
