// Quality of the help assistant's retrieval: asks every question of
// assistant-eval-questions.json through the real index (the API's own code, same scope per
// role) and prints how often the expected article is the first answer (top-1) and among the
// first three articles (top-3). Target: top-3 >= 90%. Off-topic questions must find nothing.
import { readFileSync } from 'node:fs';
import { isRelevant } from '../apps/api/src/services/assistant/compose.js';
import { loadArticles } from '../apps/api/src/services/assistant/load-articles.js';
import { HelpIndex, queryWords } from '../apps/api/src/services/assistant/retrieval.js';

interface Question {
  q: string;
  article: string;
  role: 'user' | 'admin';
}
interface Data {
  questions: Question[];
  offTopic: Array<Omit<Question, 'article'>>;
}

const TARGET_TOP3 = 0.9;
const data = JSON.parse(
  readFileSync(new URL('./assistant-eval-questions.json', import.meta.url), 'utf8'),
) as Data;
const index = new HelpIndex(loadArticles());
const scope = (role: 'user' | 'admin') =>
  ({ audience: role, architecture: role === 'admin' }) as const;

/** The distinct articles of the hits, in order, or none when the answer is "no match". */
function answeredArticles(q: string, role: 'user' | 'admin'): string[] {
  const hits = index.find(q, scope(role));
  if (!isRelevant(hits, queryWords(q))) return [];
  return [...new Set(hits.map((h) => h.passage.slug))];
}

const verbose = process.argv.includes('--verbose');
let top1 = 0;
let top3 = 0;
const misses: string[] = [];
for (const { q, article, role } of data.questions) {
  const found = answeredArticles(q, role);
  if (found[0] === article) top1 += 1;
  if (found.slice(0, 3).includes(article)) top3 += 1;
  else misses.push(`  "${q}" (${role}) -> ${found.slice(0, 3).join(', ') || 'no match'}`);
  if (verbose) console.log(`${found[0] === article ? 'ok  ' : 'MISS'} ${q} -> ${found[0]}`);
}
let honest = 0;
for (const { q, role } of data.offTopic) {
  const found = answeredArticles(q, role);
  if (found.length === 0) honest += 1;
  else misses.push(`  off-topic "${q}" answered from ${found[0]}`);
}

const n = data.questions.length;
const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(1)}%`;
console.log(`Assistant retrieval over ${index.passageCount} passages, ${n} questions`);
console.log(`top-1: ${pct(top1, n)} (${top1}/${n})`);
console.log(
  `top-3: ${pct(top3, n)} (${top3}/${n}) — target >= ${TARGET_TOP3 * 100}%: ${top3 / n >= TARGET_TOP3 ? 'met' : 'NOT met'}`,
);
console.log(`off-topic answered honestly (no match): ${honest}/${data.offTopic.length}`);
if (misses.length > 0) console.log(`Misses:\n${misses.join('\n')}`);
