// The OmegaPay phone: a screen and keys (digits, '*', '#', '+'), usable with the mouse, touch
// or the physical keyboard (digits, Enter for '#', Escape for '*', Backspace, '+' and '.').
import { type KeypadKey, render } from '@omega/domain';
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

const KEYS: ReadonlyArray<{ key: KeypadKey; label: string; name: string }> = [
  { key: '1', label: '1', name: '1' },
  { key: '2', label: '2', name: '2' },
  { key: '3', label: '3', name: '3' },
  { key: '4', label: '4', name: '4' },
  { key: '5', label: '5', name: '5' },
  { key: '6', label: '6', name: '6' },
  { key: '7', label: '7', name: '7' },
  { key: '8', label: '8', name: '8' },
  { key: '9', label: '9', name: '9' },
  { key: '*', label: '*', name: 'Star (clear)' },
  { key: '0', label: '0', name: '0' },
  { key: '#', label: '#', name: 'Hash (send)' },
];

const KEYBOARD: Record<string, KeypadKey> = {
  Enter: '#',
  Escape: '*',
  '#': '#',
  '*': '*',
  '+': '+',
  '.': '.',
};

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
  const screen = render(state).lines.join('\n');

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    const key = /^\d$/.test(e.key) ? (e.key as KeypadKey) : KEYBOARD[e.key];
    if (!key) return;
    e.preventDefault();
    press(key);
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
        {KEYS.map((k) => (
          <button
            key={k.key}
            type="button"
            className="omega-keypad__key"
            aria-label={k.name}
            onClick={() => press(k.key)}
          >
            {k.label}
          </button>
        ))}
        <button
          type="button"
          className="omega-keypad__key omega-keypad__key--wide"
          aria-label="Plus (back)"
          onClick={() => press('+')}
        >
          +
        </button>
        <button
          type="button"
          className="omega-keypad__key"
          aria-label="Decimal point"
          onClick={() => press('.')}
        >
          .
        </button>
      </div>
      {notice && (
        <p className="omega-keypad__notice" role="alert">
          {notice}
        </p>
      )}
    </section>
  );
}
