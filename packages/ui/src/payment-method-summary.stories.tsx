import type { Meta, StoryObj } from '@storybook/react-vite';
import { PaymentMethodSummary } from './payment-method-summary.js';

const meta = {
  title: 'Components/Payment method summary',
  component: PaymentMethodSummary,
} satisfies Meta<typeof PaymentMethodSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visa: Story = { args: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 } };
export const AmericanExpress: Story = {
  args: { brand: 'amex', last4: '0005', expMonth: 12, expYear: 2029 },
};
/** A brand the app has no name for reads as a plain card. */
export const UnknownBrand: Story = {
  args: { brand: 'card', last4: '1234', expMonth: 1, expYear: 2031 },
};
