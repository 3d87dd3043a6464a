// The OmegaPay keypad as a React component for apps (`import { KeypadSimulator } from
// '@omega/keypad'` and `import '@omega/keypad/keypad.css'`).
export { createKeypadApi, type KeypadApi, KeypadApiError } from './api.js';
export { KeypadSimulator, type KeypadSimulatorProps } from './keypad-simulator.js';
export { localOutbox, type Outbox } from './outbox.js';
export { SYNC_FAILED, useKeypad } from './use-keypad.js';
