// The OmegaPay keypad widget. Its layout is fixed by the phone it imitates: twelve keys
// in four rows, plus the '+' key the spec uses to go back.
export const KEYPAD_ROWS = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
  ['*', '0', '#'],
] as const;

export const BACK_KEY = '+';

export type KeypadKey = (typeof KEYPAD_ROWS)[number][number] | typeof BACK_KEY;
