// The OmegaPay phone: a screen and keys (digits, '*', '#', '+'), usable with the mouse, touch
// or the physical keyboard (digits, Enter for '#', Escape for '*', Backspace, '+' and '.').
import { type KeypadKey, screenLines } from '@omega/domain';
import { type KeyboardEvent, useMemo } from 'react';
import { createKeypadApi, type KeypadApi } from './api.js';
import { type KeypadOptions, useKeypad } from './use-keypad.js';

export interface KeypadSimulatorProps extends KeypadOptions {
  /** Where the Omega API is; the page's own origin when empty. */
  apiBase?: string;
  /** A ready client instead of `apiBase` (tests, custom transports). */
  api?: KeypadApi;
  className?: string;
}

/**
 * The twelve keys in a phone's order, then '+' (two columns wide) and '.', each showing its own
 * character.
 */
const KEYS = [...'123456789*0#+.'] as KeypadKey[];
/** What a screen reader says for the keys whose character does not say what they do. */
const NAMES: Partial<Record<KeypadKey, string>> = {
  '*': 'Star (clear)',
  '#': 'Hash (send)',
  '+': 'Plus (back)',
  '.': 'Decimal point',
};

/** Keys typed on a physical keyboard: Enter and Escape stand for '#' and '*'. */
const KEYBOARD: Record<string, string> = { Enter: '#', Escape: '*', Backspace: 'backspace' };

export function KeypadSimulator({
  apiBase = '',
  api,
  className,
  ...options
}: KeypadSimulatorProps) {
  const client = useMemo(() => api ?? createKeypadApi(apiBase), [api, apiBase]);
  const { state, press, notice } = useKeypad(client, options);
  // The whole screen: pages are for USSD phones; this screen grows, and a line past the
  // first page (an error under a long history) must not be cut off.
  const screen = screenLines(state).join('\n');

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    const key = KEYBOARD[e.key] ?? e.key;
    if (!/^([\d*#+.]|backspace)$/.test(key)) return;
    e.preventDefault();
    press(key as KeypadKey);
  }

  return (
    // Typed keys reach the phone from any of its focused buttons, like the handset it imitates.
    <section
      className={`omega-keypad ${className ?? ''}`}
      onKeyDown={onKeyDown}
      aria-label="OmegaPay keypad"
    >
      <div className="omega-keypad__brand">OmegaPay</div>
      <output className="omega-keypad__screen" aria-live="polite" data-screen={state.screen}>
        {screen}
      </output>
      <div className="omega-keypad__keys">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className={`omega-keypad__key${key === '+' ? ' omega-keypad__key--wide' : ''}`}
            aria-label={NAMES[key] ?? key}
            onClick={() => press(key)}
          >
            {key}
          </button>
        ))}
      </div>
      {notice && (
        <p className="omega-keypad__notice" role="alert">
          {notice}
        </p>
      )}
    </section>
  );
}
