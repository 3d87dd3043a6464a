import { describe, expect, it } from 'vitest';
import {
  initialState,
  type KeypadState,
  render,
  replyToKeys,
  toUssdResponse,
  transition,
} from '../../src/keypad/index.js';
import { CONVERSATIONS } from './conversations.js';

/** The gateway's start: the network proved the phone, so the PIN is asked first. */
function atPin(): KeypadState {
  return { ...initialState(), screen: 'pin', phoneNumber: '+27821234567' };
}

describe.each(Object.entries(CONVERSATIONS))('conversation: %s', (_name, turns) => {
  it('shows the recorded screens when replayed against the machine', () => {
    let state = atPin();
    let ids = 0;
    for (const turn of turns) {
      const inputs =
        turn.reply === ''
          ? []
          : replyToKeys(state.screen, turn.reply).map((key) => ({ type: 'key' as const, key }));
      const queue = [...inputs];
      while (queue.length > 0) {
        const input = queue.shift();
        if (!input) break;
        const step = transition(state, input, { now: 0, newId: () => `c-${++ids}` });
        state = step.state;
        for (const e of step.effects) {
          if (e.type === 'schedule' && e.input.type !== 'clear-error')
            queue.unshift(e.input as never);
          if (e.type === 'login')
            queue.unshift({
              type: 'login-succeeded',
              balances: { USD: '500.00', USDC: '120.00', BTC: '0.0041' },
            } as never);
          if (e.type === 'submit-transaction')
            queue.unshift({
              type: 'transaction-completed',
              id: e.transaction.id,
              reference: 'OPREC001',
            } as never);
        }
      }
      expect(render(state).lines.join('\n')).toContain(turn.shows);
      expect(toUssdResponse(state).startsWith(turn.ends ? 'END ' : 'CON ')).toBe(true);
    }
  });
});
