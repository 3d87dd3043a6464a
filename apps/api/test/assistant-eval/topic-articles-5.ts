// Which articles answer each topic of the v5 held-out set (./held-out-5.ts). Mapped on 2026-11-26
// in a separate step, AFTER the v5 questions were written and saved, without reading them: a
// script listed the topic names the set uses, and each name already used by an earlier set keeps
// that set's mapping unchanged (the v4 map, which spreads v3 over v2 over v1). The four new
// topics were mapped from the help's file names and titles alone:
//   - 'module area': docs/help/modules.md, "The module area (App Central)";
//   - 'request ids' and 'metrics': like v4's 'metrics and request ids',
//     docs/help/metrics-and-request-ids.md ("Metrics for Prometheus and request ids") and
//     docs/architecture/logs-and-health.md;
//   - 'error messages' (the set's author: "errors users see", five questions) names no one
//     screen, so it maps to every article whose title is about an error a user meets: the five
//     troubleshooting articles, signing in (wrong username or password) and failed keypad
//     transactions.
// Where a topic is answered by more than one article, any of them counts as right. Like the
// questions, this mapping is not to be changed to raise a figure.

import { topicArticles4 } from './topic-articles-4.js';

export const topicArticles5: Readonly<Record<string, readonly string[]>> = {
  ...topicArticles4,
  'module area': ['modules'],
  'request ids': ['metrics-and-request-ids', 'logs-and-health'],
  metrics: ['metrics-and-request-ids', 'logs-and-health'],
  'error messages': [
    'troubleshooting-maintenance',
    'troubleshooting-signed-out',
    'troubleshooting-too-many-attempts',
    'troubleshooting-wallet-locked',
    'troubleshooting-widget-cors',
    'signing-in',
    'keypad-failures-and-offline',
  ],
};
