export * from './card.js';
