// A help keeps working space between questions (the phrasings' weights, the nearest labelled
// questions' counters): what it decides for a question must not depend on what it was asked
// before. Two helps loaded alike are asked the same questions in opposite orders, and agree on
// every score.
import { beforeAll, expect, it } from 'vitest';
import {
  decide,
  findDocsRoot,
  type Help,
  loadArticles,
  loadHelp,
  loadTrainingQuestions,
  type TrainingQuestions,
} from '../src/index.js';

const docsRoot = findDocsRoot();

/** Everything a decision holds that a question's answer comes from, scores to the last bit. */
function decided(help: Help, query: string, admin: boolean): string {
  const scope = { audience: admin ? 'admin' : 'user', architecture: admin } as const;
  const d = decide(help.index, query, scope, undefined, help.model);
  return JSON.stringify([d.decline ?? null, d.coverage, d.hits]);
}

let questions: string[];
beforeAll(() => {
  const training = loadTrainingQuestions(docsRoot) as TrainingQuestions;
  questions = [
    ...training.onTopic.filter((_, i) => i % 150 === 0),
    ...training.offTopic.filter((_, i) => i % 75 === 0),
  ].map((x) => x.q);
});

it('decides a question alike whatever it was asked before', () => {
  const articles = loadArticles(docsRoot);
  const forwards = loadHelp(articles, docsRoot);
  const backwards = loadHelp(articles, docsRoot);
  expect(questions.length).toBeGreaterThan(300);
  const asked = questions.flatMap((q) => [
    [q, false],
    [q, true],
  ]) as Array<[string, boolean]>;
  const first = asked.map(([q, admin]) => decided(forwards, q, admin));
  const second = asked
    .toReversed()
    .map(([q, admin]) => decided(backwards, q, admin))
    .toReversed();
  const differ = asked.filter((_, i) => first[i] !== second[i]).map(([q]) => q);
  expect(differ).toEqual([]);
  // And asked again, after all the others, a help still decides the first question as it did.
  const [q, admin] = asked[0] as [string, boolean];
  expect(decided(forwards, q, admin)).toBe(first[0]);
});
