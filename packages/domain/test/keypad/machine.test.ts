import { describe, expect, it } from 'vitest';
import {
  isGsm7,
  type KeypadInput,
  LOCAL_HISTORY_MAX,
  USSD_PAGE_MAX,
} from '../../src/keypad/index.js';
import { Driver, signedIn } from './driver.js';

describe('keypad sign-in', () => {
  it('goes phone -> OTP -> PIN -> menu and signs in with the normalised number', () => {
    const d = new Driver();
    expect(d.text).toContain('Enter your phone number:');
    d.press('0821234567#');
    expect(d.state.screen).toBe('otp');
    expect(d.effects[0]).toEqual({ type: 'request-otp', phone: '+27821234567', minDelayMs: 1500 });
    expect(d.text).toContain('Demo OTP: 1234');
    expect(d.text).toContain('Attempts: 0/3');
    d.press('1234#');
    expect(d.state.screen).toBe('pin');
    expect(d.effects).toContainEqual({
      type: 'schedule',
      afterMs: 1000,
      input: { type: 'otp-check' },
    });
    d.press('5678');
    expect(d.text).toContain('****');
    d.press('#');
    expect(d.effects).toContainEqual({
      type: 'login',
      phone: '+27821234567',
      otp: '1234',
      pin: '5678',
    });
    expect(d.state.screen).toBe('menu');
    expect(d.text).toBe('OmegaPay\n1. Buy\n2. Balance\n3. Transfer\n4. Send to phone\n5. History');
  });

  it('refuses a bad phone number with the spec message for 3 s', () => {
    const d = new Driver().press('12345#');
    expect(d.state.screen).toBe('phone');
    expect(d.state.error).toMatch(/valid phone number: international .* local South African/);
    expect(d.effects.at(-1)).toEqual({
      type: 'schedule',
      afterMs: 3000,
      input: { type: 'clear-error', seq: d.state.errorSeq },
    });
    d.send({ type: 'clear-error', seq: d.state.errorSeq });
    expect(d.state.error).toBeNull();
  });

  it("accepts an international number typed with the '+' key", () => {
    const d = new Driver().press('+447911123456#');
    expect(d.state.phoneNumber).toBe('+447911123456');
  });

  it('needs exactly 4 OTP digits, counts wrong OTPs, and starts over after 3', () => {
    const d = new Driver().press('0821234567#').press('12#');
    expect(d.state.error).toBe('Please enter 4-digit OTP');
    d.press('*').press('9999#');
    expect(d.state.error).toBe('Invalid OTP. Try again.');
    expect(d.state.entry).toBe('');
    expect(d.text).toContain('Attempts: 1/3');
    d.press('8888#');
    expect(d.text).toContain('Attempts: 2/3');
    d.press('7777#');
    expect(d.state.screen).toBe('phone');
    expect(d.state.error).toBe('Too many wrong OTPs. Enter your number again.');
  });

  it('needs exactly 4 PIN digits and shows a refused sign-in', () => {
    const d = new Driver({ otp: '1234', refusals: [{ message: 'Wrong PIN. 2 tries left.' }] });
    d.press('0821234567#').press('1234#').press('12#');
    expect(d.state.error).toBe('Please enter 4-digit PIN');
    d.press('*').press('0000#');
    expect(d.state.screen).toBe('pin');
    expect(d.state.error).toBe('Wrong PIN. 2 tries left.');
  });

  it("keeps each error its own 3 s: an earlier error's timer does not clear a later one", () => {
    const d = new Driver({ otp: '1234', refusals: [{ message: 'Wrong PIN. 2 tries left.' }] });
    d.press('0821234567#').press('1234#').press('0000#');
    const clears = () =>
      d.effects.flatMap((e) =>
        e.type === 'schedule' && e.input.type === 'clear-error' ? [e.input] : [],
      );
    const [wrongPinCleared] = clears();
    // The right PIN within those 3 s, then a choice the menu refuses.
    d.press('1357#').press('9');
    expect(d.state.error).toBe('Invalid input. Try again.');
    // The wrong PIN's timer fires now, 3 s after the wrong PIN: the new error stays.
    d.send(wrongPinCleared as KeypadInput);
    expect(d.text).toContain('Invalid input. Try again.');
    // Its own timer clears it.
    d.send(clears().at(-1) as KeypadInput);
    expect(d.state.error).toBeNull();
  });

  it("shows the server's count of wrong PINs as n/3 on the PIN screen", () => {
    const d = new Driver({
      otp: '1234',
      refusals: [
        { message: 'Wrong PIN. 2 tries left.', failedPins: 1, maxPins: 3 },
        { message: 'Wrong PIN. 1 try left.', failedPins: 2, maxPins: 3 },
        // A refusal before any PIN was checked says nothing about the count.
        { message: 'Invalid OTP. Try again.' },
      ],
    });
    d.press('0821234567#').press('1234#');
    expect(d.text).toContain('Attempts: 0/3');
    d.press('1111#');
    expect(d.state.screen).toBe('pin');
    expect(d.text).toContain('Attempts: 1/3');
    expect(d.text).toContain('Wrong PIN. 2 tries left.');
    d.press('2222#');
    expect(d.text).toContain('Attempts: 2/3');
    d.press('3333#');
    expect(d.text).toContain('Invalid OTP. Try again.');
    expect(d.text).toContain('Attempts: 2/3');
    // The same wallet asking for a new code keeps its count; the right PIN clears it.
    d.press('+').press('+').press('0821234567#').press('1234#');
    expect(d.text).toContain('Attempts: 2/3');
    d.press('4444#');
    expect(d.state.screen).toBe('menu');
    expect(d.state.failedPins).toBe(0);
  });

  it('shows a locked wallet as all tries used, and starts another number at 0', () => {
    const d = new Driver({
      otp: '1234',
      refusals: [
        {
          message: 'This wallet is locked after 3 wrong PINs. Try again in 15 minutes.',
          failedPins: 3,
          maxPins: 3,
        },
      ],
    });
    d.press('0821234567#').press('1234#').press('1111#');
    expect(d.text).toContain('Attempts: 3/3');
    d.press('+').press('+').press('0831234567#').press('1234#');
    expect(d.text).toContain('Attempts: 0/3');
  });

  it('leaves the OTP check to the server when no code is shown', () => {
    const d = new Driver({ otp: null }).press('0821234567#');
    expect(d.text).not.toContain('Demo OTP');
    d.press('4321#');
    expect(d.state.screen).toBe('pin');
  });

  it('deletes the last character with backspace from a physical keyboard', () => {
    const d = new Driver().press('08212');
    d.send({ type: 'key', key: 'backspace' });
    d.send({ type: 'key', key: 'backspace' });
    expect(d.state.entry).toBe('082');
  });

  it('ignores keys while waiting for the server', () => {
    const d = new Driver();
    d.state = { ...d.state, processing: true };
    d.press('1#');
    expect(d.state.entry).toBe('');
    expect(d.effects).toEqual([]);
  });
});

describe('keypad flows', () => {
  it('1 Buy: coin, USD amount, confirm with the quote, then Transaction Complete', () => {
    const d = signedIn().press('1');
    expect(d.text).toContain('Buy which coin?');
    d.press('2').press('130#');
    expect(d.state.screen).toBe('buy-confirm');
    expect(d.text).toContain('Pay: USD 130');
    expect(d.text).toContain('Get: 0.002 BTC');
    d.press('#');
    const submit = d.effects.find((e) => e.type === 'submit-transaction');
    expect(submit).toMatchObject({
      type: 'submit-transaction',
      minDelayMs: 1000,
      maxDelayMs: 2000,
      transaction: {
        id: 'tx-1',
        type: 'Purchase',
        coin: 'BTC',
        amount: '130',
        destination: '+27821234567',
      },
    });
    expect(d.state.screen).toBe('done');
    expect(d.text).toContain('Transaction Complete');
    expect(d.text).toContain('Ref: REF1');
    d.press('#');
    expect(d.state.screen).toBe('menu');
  });

  it('2 Balance: shows the balances, 0 returns', () => {
    const d = signedIn().press('2');
    expect(d.text).toContain('USDC: 120.00');
    expect(d.text).toContain('BTC: 0.0041');
    d.press('0');
    expect(d.state.screen).toBe('menu');
  });

  it('3 Transfer: coin, address, amount with decimals, confirm', () => {
    const d = signedIn().press('3').press('2').press('12#');
    expect(d.state.error).toBe('Invalid input. Try again.');
    d.press('*').press('123456789#').press('0.0015#');
    expect(d.text).toContain('0.0015 BTC');
    expect(d.text).toContain('To: 123456789');
    d.press('#');
    expect(d.state.transactions[0]).toMatchObject({
      type: 'Transfer',
      coin: 'BTC',
      amount: '0.0015',
      destination: '123456789',
    });
  });

  it('4 Send to phone: recipient, amount, confirm', () => {
    const d = signedIn().press('4').press('0831234567#').press('5#');
    expect(d.text).toContain('To: +27831234567');
    d.press('#');
    expect(d.state.transactions[0]).toMatchObject({
      type: 'Send-to-Phone',
      coin: 'USDC',
      amount: '5',
      destination: '+27831234567',
    });
  });

  it("refuses a bad recipient, or the wallet's own number, with the flow's invalid-input text", () => {
    const d = signedIn().press('4').press('12345#');
    expect(d.state.screen).toBe('send-phone');
    expect(d.state.error).toBe('Invalid input. Try again.');
    expect(d.effects.at(-1)).toEqual({
      type: 'schedule',
      afterMs: 3000,
      input: { type: 'clear-error', seq: d.state.errorSeq },
    });
    d.press('*').press('0821234567#');
    expect(d.state.screen).toBe('send-phone');
    expect(d.state.error).toBe('Invalid input. Try again.');
  });

  it('says so on the balance and history screens when they could not be updated', () => {
    const d = signedIn().press('2');
    d.send({ type: 'load-failed', message: 'No connection. Try again.', screen: 'balance' });
    expect(d.text).toContain('USDC: 120.00');
    expect(d.text).toContain('No connection. Try again.');
    d.send({ type: 'clear-error', seq: d.state.errorSeq }).press('0').press('5');
    d.send({ type: 'load-failed', message: 'No connection. Try again.', screen: 'history' });
    expect(d.text).toContain('No connection. Try again.');
    // Elsewhere (the loads after sign-in) nothing was asked for: the screen stays as it is.
    d.send({ type: 'clear-error', seq: d.state.errorSeq }).press('+');
    d.send({ type: 'load-failed', message: 'No connection. Try again.', screen: 'balance' });
    expect(d.state.error).toBeNull();
    // A failed load is news on its own screen only: the history's, not the balance's.
    d.press('2').send({ type: 'load-failed', message: 'No connection.', screen: 'history' });
    expect(d.state.error).toBeNull();
  });

  it("quotes a purchase at the server's rate once it is loaded", () => {
    const d = signedIn();
    d.send({
      type: 'balances-loaded',
      balances: { USD: '500.00', USDC: '120.00', BTC: '0.0041' },
      rates: { USDC: '1.00', BTC: '50000.00' },
    });
    d.press('1').press('2').press('100#');
    expect(d.text).toContain('Get: 0.002 BTC');
  });

  it('refuses amounts with more than 8 decimals, zero, and a second decimal point', () => {
    const d = signedIn().press('3').press('1').press('9991#');
    d.press('0.123456789#');
    expect(d.state.error).toBe('Invalid input. Try again.');
    d.press('*').press('0#');
    expect(d.state.error).toBe('Invalid input. Try again.');
    d.press('*').press('1.2.3');
    expect(d.state.entry).toBe('1.23');
  });

  it("treats '0' as a digit where something is typed and as back elsewhere", () => {
    const d = signedIn().press('1').press('1').press('0');
    expect(d.state.entry).toBe('0');
    d.press('+');
    expect(d.state.screen).toBe('buy-coin');
    d.press('0');
    expect(d.state.screen).toBe('menu');
  });

  it('shows the failure screen when the server refuses a transaction', () => {
    const d = signedIn({ otp: '1234', failTransactions: 'Insufficient balance' })
      .press('4')
      .press('0831234567#')
      .press('5000#')
      .press('#');
    expect(d.state.screen).toBe('failed');
    expect(d.text).toContain(
      'Transaction Failed. Try again later. If problem persists, contact support.',
    );
    expect(d.state.transactions[0]?.status).toBe('failure');
  });

  it('5 History: the 3 most recent of at most 10 kept, + returns', () => {
    const d = signedIn();
    for (let i = 1; i <= 12; i++)
      d.press('4').press('0831234567#').press(`${i}#`).press('#').press('#');
    expect(d.state.transactions).toHaveLength(LOCAL_HISTORY_MAX);
    d.press('5');
    expect(d.text.split('\n')).toEqual([
      'History',
      '1. Send-to-Phone 12.00 USDC REF12',
      '2. Send-to-Phone 11.00 USDC REF11',
      '3. Send-to-Phone 10.00 USDC REF10',
      '+ Back',
    ]);
    d.press('+');
    expect(d.state.screen).toBe('menu');
  });

  it('never shows a screen that a phone would cut: GSM-7 only, pages of at most 182', () => {
    const d = signedIn().press('1').press('1').press('25#').press('#').press('#');
    d.press('2')
      .press('0')
      .press('3')
      .press('1')
      .press('a'.repeat(0))
      .press('1'.repeat(64))
      .press('#')
      .press('1#')
      .press('#')
      .press('#');
    d.press('5').press('+');
    new Driver().press('12#');
    for (const screen of d.screens) {
      for (const page of screen.split('\n---\n')) {
        expect(isGsm7(page), page).toBe(true);
        expect(page.length).toBeLessThanOrEqual(USSD_PAGE_MAX);
      }
    }
  });
});
