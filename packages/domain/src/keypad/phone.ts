// Phone numbers on the keypad (spec section 5): digits and an optional leading '+', at most 16
// characters; '+' with a 1–4 digit country code and 6–12 more digits, or 10–15 plain digits.
// South African local numbers (0 then 9 digits) are the local form: 0821234567 -> +27821234567.

export const PHONE_MAX = 16;
export const PHONE_ERROR =
  'Enter a valid phone number: international (+27821234567) or local South African (0821234567)';

export function isValidPhone(input: string): boolean {
  // At most PHONE_MAX (16) characters: '+' and 7 to 15 digits, or 10 to 15 digits.
  return /^(\+\d{7,15}|\d{10,15})$/.test(input);
}

/**
 * The number in international form, or null when it is not a valid phone number. A country code
 * never starts with 0, so an international form that would is no phone anywhere (money sent to
 * '+0027…' went to a wallet no phone can ever sign in to).
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!isValidPhone(trimmed)) return null;
  const international = toInternational(trimmed);
  return /^\+[1-9]\d{6,14}$/.test(international) ? international : null;
}

function toInternational(number: string): string {
  if (number.startsWith('+')) return number;
  if (/^0\d{9}$/.test(number)) return `+27${number.slice(1)}`;
  // '00' is the international prefix dialled before a country code: 0027… is +27….
  if (number.startsWith('00')) return `+${number.slice(2)}`;
  // Other plain numbers are international numbers typed without the '+'.
  return `+${number}`;
}
