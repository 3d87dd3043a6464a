// A card number, expiry and CVC as a card form takes them: the checks every provider's form
// makes before a card is sent anywhere (Luhn's checksum, an expiry not in the past, a CVC of
// the brand's length) and the brand read from the number's prefix. Pure: the caller passes the
// time. Nothing here keeps the number.

export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'discover'
  | 'diners'
  | 'jcb'
  | 'unionpay'
  | 'card';

export interface CardFields {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck =
  | { ok: true; digits: string; brand: CardBrand; last4: string }
  | { ok: false; field: keyof CardFields; message: string };

/** The brand by the number's prefix (the IIN ranges card networks publish). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'card';
}

/** Luhn's checksum: true when the digits end in their check digit. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * Checks a card as typed (spaces and dashes between digit groups allowed) at `now`: the first
 * problem found, naming its field, or the digits, brand and last four. A card is good through
 * the last day of its expiry month (UTC).
 */
export function checkCard(card: CardFields, now: number): CardCheck {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) {
    return { ok: false, field: 'cardNumber', message: 'cardNumber must hold digits only' };
  }
  if (digits.length < 12 || digits.length > 19) {
    return { ok: false, field: 'cardNumber', message: 'cardNumber must have 12 to 19 digits' };
  }
  if (!luhnValid(digits)) {
    return {
      ok: false,
      field: 'cardNumber',
      message: 'cardNumber is not a valid card number (check the digits)',
    };
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { ok: false, field: 'expMonth', message: 'expMonth must be a month from 1 to 12' };
  }
  const firstDayAfter = Date.UTC(card.expYear, card.expMonth, 1);
  if (!Number.isInteger(card.expYear) || firstDayAfter <= now) {
    return {
      ok: false,
      field: 'expYear',
      message: 'The card has expired (check expMonth and expYear)',
    };
  }
  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    return { ok: false, field: 'cvc', message: `cvc must be ${cvcLength} digits` };
  }
  return { ok: true, digits, brand, last4: digits.slice(-4) };
}

/** Whether a card expiring at the end of `expMonth`/`expYear` is still good at `now`. */
export function cardUnexpired(expMonth: number, expYear: number, now: number): boolean {
  return Date.UTC(expYear, expMonth, 1) > now;
}
