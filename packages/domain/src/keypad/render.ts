// The keypad screen as text, the same for the browser keypad and a real phone; a phone's copy
// (through a USSD gateway: 'CON …' to continue, 'END …' to close) is GSM-7 only, at most 182
// characters a page.
import { formatAmount, parseAmount } from './amounts.js';
import { paginate, toGsm7 } from './gsm7.js';
import {
  HISTORY_SHOWN,
  type KeypadState,
  quote,
  TRANSACTION_COMPLETE,
  TRANSACTION_FAILED,
} from './machine.js';
import { OTP_TRIES } from './sign-in-limits.js';

export const BRAND = 'OmegaPay';

function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}***${phone.slice(-3)}` : phone;
}

function lines(s: KeypadState): string[] {
  const entry = s.entry;
  switch (s.screen) {
    case 'phone':
      return [BRAND, 'Enter your phone number:', entry || '_', '# Send  * Clear'];
    case 'otp':
      return [
        'Enter the 4-digit OTP sent to',
        maskPhone(s.phoneNumber),
        ...(s.issuedOtp ? [`Demo OTP: ${s.issuedOtp}`] : []),
        entry || '_',
        `Attempts: ${s.attempts}/${OTP_TRIES}`,
      ];
    case 'pin':
      return [
        'Enter your 4-digit PIN:',
        '*'.repeat(entry.length) || '_',
        `Attempts: ${s.failedPins}/${s.maxPins}`,
        '# OK  + Back',
      ];
    case 'menu':
      return [BRAND, '1. Buy', '2. Balance', '3. Transfer', '4. Send to phone', '5. History'];
    case 'buy-coin':
    case 'transfer-coin':
      return [
        s.screen === 'buy-coin' ? 'Buy which coin?' : 'Transfer which coin?',
        '1. USDC',
        '2. BTC',
        '0. Back',
      ];
    case 'buy-amount':
      return [`Buy ${s.draft?.coin}: amount in USD`, entry || '_', '# OK  * Clear  + Back'];
    case 'buy-confirm': {
      const coin = s.draft?.coin ?? 'USDC';
      const usd = s.draft?.amount ?? '0';
      return [
        'Confirm purchase',
        `Pay: USD ${usd}`,
        `Get: ${quote(s, coin, usd)} ${coin}`,
        `Rate: 1 ${coin} = USD ${s.rates[coin]}`,
        '# Confirm  0 Back',
      ];
    }
    case 'balance': {
      const b = s.balances;
      if (!b) return ['Balance', 'Loading...', '0. Back'];
      return [
        'Balance',
        ...Object.entries(b).map(([asset, amount]) => `${asset}: ${amount}`),
        '0. Back',
      ];
    }
    case 'transfer-address':
      return [`Transfer ${s.draft?.coin}: wallet address`, entry || '_', '# OK  * Clear  + Back'];
    case 'transfer-amount':
      return [`Amount of ${s.draft?.coin} to send`, entry || '_', '# OK  * Clear  + Back'];
    case 'transfer-confirm':
      return [
        'Confirm transfer',
        `${s.draft?.amount} ${s.draft?.coin}`,
        `To: ${s.draft?.destination}`,
        '# Confirm  0 Back',
      ];
    case 'send-phone':
      return ['Send to phone: recipient number', entry || '_', '# OK  * Clear  + Back'];
    case 'send-amount':
      return ['Amount of USDC to send', entry || '_', '# OK  * Clear  + Back'];
    case 'send-confirm':
      return [
        'Confirm send',
        `${s.draft?.amount} USDC`,
        `To: ${s.draft?.destination}`,
        '# Confirm  0 Back',
      ];
    case 'history': {
      const recent = s.transactions.slice(0, HISTORY_SHOWN);
      if (recent.length === 0) return ['History', 'No transactions yet', '+ Back'];
      return [
        'History',
        ...recent.map((t, i) => {
          const amount = parseAmount(t.amount, 8);
          const shown = amount === null ? t.amount : formatAmount(amount, 8, 2);
          return `${i + 1}. ${t.type} ${shown} ${t.type === 'Purchase' ? 'USD' : t.coin}${t.status === 'failure' ? ' (failed)' : ''}${t.reference ? ` ${t.reference}` : ''}`;
        }),
        '+ Back',
      ];
    }
    case 'processing':
      return ['Processing...'];
    case 'done':
      return [
        TRANSACTION_COMPLETE,
        ...(s.result?.reference ? [`Ref: ${s.result.reference}`] : []),
        '# Menu',
      ];
    case 'failed':
      return [TRANSACTION_FAILED, '# Menu'];
  }
}

export interface RenderedScreen {
  lines: string[];
  /** Every page of the screen; a page is at most 182 GSM-7 characters. */
  pages: string[];
}

/**
 * The screen's lines, its error last, with their text as written: what the browser keypad shows
 * (a web page has no character set to keep to; decision 041).
 */
export function screenLines(state: KeypadState): string[] {
  const body = lines(state);
  if (state.error) body.push(state.error);
  return body;
}

/** The screen as a phone receives it: its lines in GSM-7, and those lines cut into pages. */
export function render(state: KeypadState): RenderedScreen {
  const body = screenLines(state).map(toGsm7);
  return { lines: body, pages: paginate(body.join('\n')) };
}

/** Whether this screen ends a USSD session (the flow is over: done or failed). */
export function endsSession(state: KeypadState): boolean {
  return state.screen === 'done' || state.screen === 'failed';
}

/** The gateway's answer: 'CON <text>' keeps the USSD session open, 'END <text>' closes it. */
export function toUssdResponse(state: KeypadState, page = 0): string {
  const { pages } = render(state);
  const text = pages[Math.min(page, pages.length - 1)] ?? '';
  return `${endsSession(state) ? 'END' : 'CON'} ${text}`;
}
