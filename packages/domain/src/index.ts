export * from './roles.js';
export * from './subscriptions/index.js';
