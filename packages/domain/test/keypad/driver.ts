// Drives the keypad machine like a host would, with a scripted server: effects are answered
// at once (timers fire immediately), so a test reads as the keys a person presses.
import {
  initialState,
  type KeypadEffect,
  type KeypadInput,
  type KeypadKey,
  type KeypadState,
  render,
  transition,
} from '../../src/keypad/index.js';

/** A refused sign-in: the message, and the wallet's wrong-PIN count when the PIN was checked. */
export interface Refusal {
  message: string;
  failedPins?: number;
  maxPins?: number;
}

export interface ScriptedServer {
  otp: string | null;
  /** The answers to the first sign-ins, in order; once used up, sign-ins succeed. */
  refusals?: Refusal[];
  failTransactions?: string;
}

export class Driver {
  state: KeypadState = initialState();
  readonly effects: KeypadEffect[] = [];
  readonly screens: string[] = [];
  private ids = 0;
  now = Date.UTC(2026, 10, 22, 10);

  constructor(readonly server: ScriptedServer = { otp: '1234' }) {}

  send(input: KeypadInput): this {
    const step = transition(this.state, input, { now: this.now, newId: () => `tx-${++this.ids}` });
    this.state = step.state;
    this.screens.push(render(this.state).pages.join('\n---\n'));
    for (const effect of step.effects) this.run(effect);
    return this;
  }

  /** Presses keys: '0821234567#' presses each character. */
  press(keys: string): this {
    for (const key of keys) this.send({ type: 'key', key: key as KeypadKey });
    return this;
  }

  get text(): string {
    return render(this.state).lines.join('\n');
  }

  private run(effect: KeypadEffect): void {
    this.effects.push(effect);
    switch (effect.type) {
      case 'request-otp':
        this.send({ type: 'otp-issued', code: this.server.otp });
        return;
      case 'schedule':
        // Errors stay on screen for the test to read; everything else fires at once.
        if (effect.input.type !== 'clear-error') this.send(effect.input);
        return;
      case 'login': {
        const refusal = this.server.refusals?.shift();
        this.send(
          refusal
            ? { type: 'login-failed', ...refusal }
            : {
                type: 'login-succeeded',
                balances: { USD: '500.00', USDC: '120.00', BTC: '0.0041' },
              },
        );
        return;
      }
      case 'submit-transaction':
        this.send(
          this.server.failTransactions
            ? {
                type: 'transaction-failed',
                id: effect.transaction.id,
                message: this.server.failTransactions,
              }
            : {
                type: 'transaction-completed',
                id: effect.transaction.id,
                reference: `REF${effect.transaction.id.slice(3)}`,
              },
        );
        return;
      default:
        return;
    }
  }
}

export function signedIn(server?: ScriptedServer): Driver {
  return new Driver(server).press('0821234567#').press('1234#').press('5678#');
}
