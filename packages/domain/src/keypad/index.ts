export * from './amounts.js';
export * from './flows.js';
export * from './gsm7.js';
export * from './machine.js';
export * from './phone.js';
export * from './render.js';
export * from './ussd.js';
