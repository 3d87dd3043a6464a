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

/** The number in international form, or null when it is not a valid phone number. */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!isValidPhone(trimmed)) return null;
  if (trimmed.startsWith('+')) return trimmed;
  if (/^0\d{9}$/.test(trimmed)) return `+27${trimmed.slice(1)}`;
  // Other plain numbers are read as international numbers typed without the '+'.
  return `+${trimmed}`;
}
