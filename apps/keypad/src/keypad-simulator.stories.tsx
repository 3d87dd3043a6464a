// The keypad's screens, each from a scripted API: no server is needed to see them.
import type { Meta, StoryObj } from '@storybook/react';
import type { KeypadApi } from './api.js';
import { KeypadSimulator } from './keypad-simulator.js';
import './keypad.css';

const balances = { USDC: '120', BTC: '0.0025' };
const workingApi: KeypadApi = {
  requestOtp: async () => ({ demoOtp: '1234' }),
  login: async () => ({ balances, locked: [] }),
  balance: async () => ({ balances, rates: { USDC: '1', BTC: '65000' } }),
  submit: async () => {
    throw new Error('not in this story');
  },
  transactions: async () => [],
};

const meta: Meta<typeof KeypadSimulator> = {
  title: 'Keypad/Simulator',
  component: KeypadSimulator,
  args: { api: workingApi, speed: 0 },
};
export default meta;

type Story = StoryObj<typeof KeypadSimulator>;

/** The first screen: the phone number is asked. */
export const PhoneEntry: Story = {};
