// Phone numbers on the keypad (spec section 5): digits and an optional leading '+', at most 16
// characters; '+' with a 1–4 digit country code and 6–12 more digits, or 10–15 plain digits.
// South African local numbers (0 then 9 digits) are the local form: 0821234567 -> +27821234567.

export const PHONE_MAX = 16;
export const PHONE_ERROR =
  'Enter a valid phone number: international (+27821234567) or local South African (0821234567)';

/**
 * The number in international form, or null when it is not a valid phone number. '00' is the
 * international prefix dialled before a country code: 0027… is +27…; other plain numbers are
 * international numbers typed without the '+'. No country code starts with 0, so a form that
 * would is no phone anywhere (money sent to '0027…' went to a wallet '+0027…' that no phone can
 * ever sign in to).
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  const international = /^0\d{9}$/.test(trimmed)
    ? `+27${trimmed.slice(1)}`
    : `+${trimmed.replace(/^(\+|00)/, '')}`;
  // At most PHONE_MAX (16) characters: '+' and 7 to 15 digits, or 10 to 15 digits.
  const valid = /^(\+\d{7,15}|\d{10,15})$/.test(trimmed);
  return valid && /^\+[1-9]/.test(international) ? international : null;
}
