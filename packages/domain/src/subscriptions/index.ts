export * from './bulk-override.js';
export * from './entitlements.js';
export * from './money.js';
export * from './periods.js';
export * from './plans.js';
export * from './prorate.js';
export * from './revenue.js';
export * from './subscription.js';
