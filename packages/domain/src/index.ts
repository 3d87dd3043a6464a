export * from './access-tokens/index.js';
export * from './commands/index.js';
export * from './keypad/index.js';
export * from './passkeys.js';
export * from './payments/index.js';
export * from './roles.js';
export * from './subscriptions/index.js';
export * from './text.js';
