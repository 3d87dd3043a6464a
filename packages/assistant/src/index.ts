// The help assistant, with no server or database (issue 33): the articles, their index, the
// question model and the decision to answer, the composed answer, and the build-time artifact
// servers load. apps/api asks it (roles, live figures for admins, the optional LLM, ratings).
export * from './articles.js';
export * from './compose.js';
export * from './general-requests.js';
export * from './help.js';
export * from './help-artifact.js';
export * from './learned.js';
export * from './load-articles.js';
export * from './other-topics.js';
export * from './relevance.js';
export * from './retrieval.js';
