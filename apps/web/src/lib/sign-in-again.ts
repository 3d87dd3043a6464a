// Changes that add a way into an account (two-factor setup, a passkey, an access token, new
// recovery codes; a supergod's grant of a role or reset of two-factor) ask for a sign-in in the
// last 10 minutes; the server answers 403 otherwise. Rather than sending the user away to sign out
// and in again, the call asks them to sign in again where they are (the dialog the shell opens
// while this store waits) and is then made once more.
import { RECENT_SIGN_IN_REQUIRED } from '@omega/contracts/client';
import { create } from 'zustand';
import { ApiError } from './api-client.js';

interface SignInAgainState {
  /** Settles the call waiting for the dialog: true once signed in again, false if cancelled. */
  waiting: ((signedInAgain: boolean) => void) | null;
  settle(signedInAgain: boolean): void;
}

export const useSignInAgainStore = create<SignInAgainState>()((set, get) => ({
  waiting: null,
  settle(signedInAgain) {
    get().waiting?.(signedInAgain);
    set({ waiting: null });
  },
}));

/** Opens the dialog; answers whether the user signed in again. */
function askToSignInAgain(): Promise<boolean> {
  // A second call while the dialog is open waits for the same answer.
  const open = useSignInAgainStore.getState().waiting;
  return new Promise((resolve) => {
    useSignInAgainStore.setState({
      waiting: (answer) => {
        open?.(answer);
        resolve(answer);
      },
    });
  });
}

const needsRecentSignIn = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && err.serverMessage === RECENT_SIGN_IN_REQUIRED;

/**
 * Makes the call; when the server asks for a recent sign-in, asks the user to sign in again and
 * makes it once more. Cancelled, the server's refusal is the call's error.
 */
export async function withRecentSignIn<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!needsRecentSignIn(err) || !(await askToSignInAgain())) throw err;
    return call();
  }
}
