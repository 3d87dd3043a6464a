// '/': the OmegaPay phone-keypad simulator (spec section 2), talking to this server's API.
import { KeypadSimulator } from '@omega/keypad';
import '@omega/keypad/keypad.css';

export function KeypadPage() {
  return (
    <main className="omega-page">
      <h1 className="omega-visually-hidden">OmegaPay keypad</h1>
      <KeypadSimulator />
    </main>
  );
}
