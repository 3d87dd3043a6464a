export * from './common.js';
export * from './credentials.js';
export * from './health.js';
export * from './keypad.js';
export * from './route-table.js';
export * from './session.js';
export * from './subscriptions.js';
