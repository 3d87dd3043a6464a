// Recorded USSD conversations: each reply a phone user sends and a line the screen must then
// show. Replayed against the machine (here) and the HTTP gateway (apps/api), so they cannot drift.
export interface Turn {
  reply: string;
  shows: string;
  ends?: boolean;
}

export const CONVERSATIONS: Record<string, Turn[]> = {
  'sign in, balance, buy USDC': [
    { reply: '', shows: 'Enter your 4-digit PIN:' },
    { reply: '2468', shows: '1. Buy' },
    { reply: '2', shows: 'USDC: 120.00' },
    { reply: '0', shows: '5. History' },
    { reply: '1', shows: 'Buy which coin?' },
    { reply: '1', shows: 'Buy USDC: amount in USD' },
    { reply: '25', shows: 'Get: 25.00 USDC' },
    { reply: '1', shows: 'Transaction Complete', ends: true },
  ],
  'a wrong amount, then send to a phone': [
    { reply: '', shows: 'Enter your 4-digit PIN:' },
    { reply: '2468', shows: '1. Buy' },
    { reply: '4', shows: 'Send to phone: recipient number' },
    { reply: '0831234567', shows: 'Amount of USDC to send' },
    { reply: '1.123456789', shows: 'Invalid input. Try again.' },
    { reply: '2.5', shows: 'To: +27831234567' },
    { reply: '1', shows: 'Transaction Complete', ends: true },
  ],
};
