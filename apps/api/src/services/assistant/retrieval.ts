// The full-text index over the articles' passages (MiniSearch): built once at start, searched
// per question. Terms are lower-cased, stripped of common English endings and stop words, and a
// few product words are given their synonyms, so "log in", "sign in" and "login" meet.
import MiniSearch, { type SearchResult } from 'minisearch';
import type { Article, Audience, Passage } from './articles.js';

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does doing for from had has have how i ' +
    'if in into is it its me my mine of on or our so than that the their them then there these ' +
    'they this to too us was we were what when where which who whom why will with would you ' +
    'your yours am just also any about get got need want wants please tell show let lets should ' +
    'omega app application something thing things way there here see make take takes happen ' +
    'happens happened use used using find know work works mean means someone anyone somebody ' +
    'able possible go going now still again really exactly'
  ).split(' '),
);

/** Words people use for the same thing as the help does (after stemming). */
const SYNONYMS: Record<string, string[]> = {
  login: ['sign'],
  logon: ['sign'],
  signin: ['sign'],
  logout: ['sign', 'out'],
  signup: ['regist'],
  register: ['regist'],
  account: ['regist'],
  pw: ['password'],
  passcode: ['pin'],
  code: ['otp'],
  sms: ['otp'],
  price: ['cost'],
  cost: ['price'],
  pay: ['charg'],
  payment: ['charg'],
  bill: ['invoic', 'billing'],
  refund: ['credit'],
  cheaper: ['downgrad'],
  upgrade: ['upgrad'],
  unsubscribe: ['cancel'],
  stop: ['cancel'],
  restart: ['resum'],
  reactivate: ['resum'],
  undo: ['resum'],
  money: ['usd', 'usdc'],
  crypto: ['btc', 'usdc', 'coin'],
  bitcoin: ['btc'],
  dollar: ['usd', 'usdc'],
  purchase: ['buy'],
  send: ['send'],
  wallet: ['wallet'],
  dark: ['theme'],
  light: ['theme'],
  font: ['text', 'size'],
  bigger: ['size', 'larger'],
  smaller: ['size'],
  zoom: ['size'],
  announcement: ['announc'],
  message: ['announc'],
  broadcast: ['announc'],
  log: ['logs'],
  error: ['error'],
  admin: ['administr'],
  administrator: ['admin'],
  superuser: ['supergod'],
  terminal: ['command'],
  cli: ['command'],
  ban: ['disabl'],
  block: ['disabl'],
  kick: ['revok', 'session'],
  plugin: ['plugin'],
  404: ['not', 'found'],
  cors: ['origin', 'widget'],
  embed: ['embedd', 'widget'],
  iframe: ['embedd', 'widget'],
  locked: ['lock'],
};

/** A deliberately small English stemmer: enough for plural, -ing, -ed and -ation forms to meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  for (const [suffix, keep] of [
    ['ations', 3],
    ['ation', 3],
    ['ings', 3],
    ['ing', 3],
    ['ies', 3],
    ['ied', 3],
    ['ed', 3],
    ['es', 3],
    ['ly', 4],
    ['s', 3],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= keep) {
      w = w.slice(0, -suffix.length);
      if (suffix === 'ies' || suffix === 'ied') w += 'y';
      break;
    }
  }
  // cancelled -> cancell -> cancel; stopped -> stopp -> stop.
  if (/([^aeiouls])\1$/.test(w) || /ll$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** The index terms of a word: its stem, plus its synonyms' stems. */
export function termsOf(word: string): string[] {
  const lower = word.toLowerCase().replace(/^['"]+|['"]+$/g, '');
  if (!lower || STOP_WORDS.has(lower)) return [];
  const stemmed = stem(lower);
  const extra = SYNONYMS[lower] ?? SYNONYMS[stemmed] ?? [];
  return [...new Set([stemmed, ...extra.map(stem)])];
}

/** The meaningful words of a question (what must match for an answer to count). */
export function queryWords(query: string): string[] {
  return tokenize(query).filter((w) => !STOP_WORDS.has(w.toLowerCase()));
}

function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}_#*+]+/u).filter(Boolean);
}

export interface Hit {
  passage: Passage;
  score: number;
  /** The question's words that this passage matched. */
  matched: string[];
}

export interface SearchScope {
  /** Whose articles to search: users see user articles; admins see all. */
  audience: Audience;
  /** Admins' 'God Mode' assistant also searches the architecture notes. */
  architecture: boolean;
}

export class HelpIndex {
  private readonly search: MiniSearch<Passage>;
  private readonly byId = new Map<string, Passage>();

  constructor(readonly articles: readonly Article[]) {
    this.search = new MiniSearch<Passage>({
      fields: ['title', 'heading', 'text'],
      tokenize,
      processTerm: (term) => {
        const terms = termsOf(term);
        return terms.length > 0 ? terms : null;
      },
      searchOptions: {
        boost: { heading: 3, title: 2, text: 1 },
        // Typos in longer words only: a fuzzy 'cost' would match 'most'.
        fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
        prefix: (term) => term.length >= 4,
        combineWith: 'OR',
      },
    });
    for (const article of articles) {
      for (const p of article.passages) this.byId.set(p.id, p);
    }
    this.search.addAll([...this.byId.values()]);
  }

  get passageCount(): number {
    return this.byId.size;
  }

  /** The best passages for a question within the scope, best first. */
  find(query: string, scope: SearchScope, limit = 8): Hit[] {
    const words = queryWords(query);
    if (words.length === 0) return [];
    const wordTerms = words.map((w) => ({ word: w, terms: termsOf(w) }));
    const results: SearchResult[] = this.search.search(query, {
      filter: (r) => {
        const p = this.byId.get(String(r.id));
        if (!p) return false;
        if (p.kind === 'architecture' && !scope.architecture) return false;
        return scope.audience === 'admin' || p.audience === 'user';
      },
    });
    const hits: Hit[] = [];
    for (const r of results.slice(0, limit)) {
      const passage = this.byId.get(String(r.id));
      if (!passage) continue;
      // Which of the question's words this passage answers to (exactly, by prefix or a typo).
      const matchedTerms = new Set(r.queryTerms);
      const matched = wordTerms
        .filter(({ terms }) => terms.some((t) => matchedTerms.has(t)))
        .map(({ word }) => word);
      hits.push({ passage, score: r.score, matched });
    }
    return hits;
  }
}
