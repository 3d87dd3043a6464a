// The keypad's screens, each from a scripted API: no server is needed to see them. Stories
// past the first screen type their way there (the play function), at the keypad's real
// delays, so each shows what the machine does, including an error's 3 s on screen.
import type { TransactionBody } from '@omega/contracts';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { type KeypadApi, KeypadApiError, UNREACHABLE } from './api.js';
import { KeypadSimulator } from './keypad-simulator.js';
import type { Outbox } from './outbox.js';
import { recordedTransaction, unreachable } from './testing/fake-api.js';
import './keypad.css';

const balances = { USD: '500.00', USDC: '120.00', BTC: '0.0041' };
const workingApi: KeypadApi = {
  requestOtp: async () => ({ demoOtp: '1234' }),
  login: async () => ({ balances, locked: [] }),
  balance: async () => ({ balances, rates: { USDC: '1', BTC: '65000' } }),
  submit: async () => {
    throw new Error('not in this story');
  },
  transactions: async () => [],
};

/** A wallet's queued transactions, in memory: a story leaves nothing in local storage. */
function memoryOutbox(): Outbox {
  const entries = new Map<string, { phone: string; body: TransactionBody }>();
  return {
    all: (phone) => [...entries.values()].filter((e) => e.phone === phone).map((e) => e.body),
    add: (phone, body) => {
      entries.set(body.idempotencyKey, { phone, body });
    },
    remove: (key) => {
      entries.delete(key);
    },
  };
}

const KEY_NAMES: Record<string, string> = {
  '#': 'Hash (send)',
  '*': 'Star (clear)',
  '+': 'Plus (back)',
};

type Play = Pick<StoryContext, 'canvas' | 'userEvent'>;

async function press({ canvas, userEvent }: Play, keys: string) {
  for (const key of keys) {
    await userEvent.click(canvas.getByRole('button', { name: KEY_NAMES[key] ?? key }));
  }
}

/** Waits for a line on the keypad's screen (which holds every line in one text). */
const shows = ({ canvas }: Play, text: string) =>
  canvas.findByText(
    (_content, el) => el?.tagName === 'OUTPUT' && (el.textContent ?? '').includes(text),
    {},
    { timeout: 5000 },
  );

/** Phone number and the scripted demo OTP: up to the PIN screen. */
async function toPin(ctx: Play) {
  await press(ctx, '0821234567#');
  await shows(ctx, 'Demo OTP: 1234');
  await press(ctx, '1234#');
  await shows(ctx, 'Enter your 4-digit PIN');
}

async function signIn(ctx: Play) {
  await toPin(ctx);
  await press(ctx, '2468#');
  await shows(ctx, '1. Buy');
}

const meta: Meta<typeof KeypadSimulator> = {
  title: 'Keypad/Simulator',
  component: KeypadSimulator,
  args: { api: workingApi, speed: 0 },
};
export default meta;

type Story = StoryObj<typeof KeypadSimulator>;

/** The first screen: the phone number is asked. */
export const PhoneEntry: Story = {};

/** Two wrong PINs: the server's count shows as n/3 under the PIN. */
export const PinAttemptsCounter: Story = {
  args: {
    speed: 1,
    // Stateless, so the story plays the same every time: each PIN stands for a count.
    api: {
      ...workingApi,
      login: async (_phone, _otp, pin) => {
        const wrong = pin === '1111' ? 1 : 2;
        throw new KeypadApiError(
          `Wrong PIN. ${3 - wrong} ${wrong === 2 ? 'try' : 'tries'} left.`,
          401,
          { failedPins: wrong, maxPins: 3 },
        );
      },
    },
  },
  play: async (ctx) => {
    await toPin(ctx);
    await press(ctx, '1111#');
    await shows(ctx, 'Attempts: 1/3');
    await press(ctx, '2222#');
    await shows(ctx, 'Attempts: 2/3');
  },
};

/** The sign-in call cannot reach the server: a sentence of ours, never 'Failed to fetch'. */
export const SignInUnreachable: Story = {
  args: { speed: 1, api: { ...workingApi, login: unreachable } },
  play: async (ctx) => {
    await toPin(ctx);
    await press(ctx, '2468#');
    await shows(ctx, UNREACHABLE);
  },
};

/** The balance cannot be updated: the last known balance, and why it may be old. */
export const BalanceUnreachable: Story = {
  args: { speed: 1, api: { ...workingApi, balance: unreachable } },
  play: async (ctx) => {
    await signIn(ctx);
    await press(ctx, '2');
    await shows(ctx, UNREACHABLE);
  },
};

/** The server stored the purchase as a failure (beyond the balance): the spec's failure screen. */
export const TransactionFailed: Story = {
  args: {
    speed: 1,
    outbox: memoryOutbox(),
    api: {
      ...workingApi,
      submit: async (body) => ({
        transaction: recordedTransaction(body, {
          status: 'failure',
          reference: 'OPFAIL23',
          message: 'Insufficient balance',
        }),
        balances,
      }),
    },
  },
  play: async (ctx) => {
    await signIn(ctx);
    await press(ctx, '11');
    await press(ctx, '900#');
    await press(ctx, '#');
    await shows(ctx, 'Transaction Failed. Try again later. If problem persists, contact support.');
  },
};

/** The transaction cannot reach the server: it is kept, and the spec's sync notice says so. */
export const TransactionKeptOffline: Story = {
  args: { speed: 1, outbox: memoryOutbox(), api: { ...workingApi, submit: unreachable } },
  play: async (ctx) => {
    await signIn(ctx);
    await press(ctx, '11');
    await press(ctx, '25#');
    await press(ctx, '#');
    await shows(ctx, 'Transaction Complete');
    await ctx.canvas.findByRole('alert');
  },
};
