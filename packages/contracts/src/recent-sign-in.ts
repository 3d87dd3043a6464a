// The refusal of a change that asks for a sign-in in the last 10 minutes, on its own so that a
// browser bundle can recognise it (through '@omega/contracts/client') without loading a schema.
export const RECENT_SIGN_IN_REQUIRED =
  'For your security, sign in again to do this: your last sign-in was more than 10 minutes ago';
