// The full-text index over the articles' passages (MiniSearch): built once at start, searched
// per question. Terms are lower-cased, stripped of common English endings and stop words, a few
// phrases are read as the help's word ("log out" is "sign out") and words people use are given
// the help's synonyms ("unban" finds "enable"), so "log in", "sign in" and "login" meet. Each
// passage also carries its article's aliases and question phrasings (front matter), and a word
// the index does not know is corrected to the nearest one it does (one edit, two for long words),
// so people's own words and typos find the article. Deterministic: no model, nothing fetched.
import MiniSearch, { type AsPlainObject, type Options, type SearchResult } from 'minisearch';
import type { Article, Audience, Passage } from './articles.js';

/** People by their relation to the asker; general-requests.ts declines shopping for them. */
export const PEOPLE =
  'mom mum mother dad father parents parent brother sister son daughter kid kids children wife ' +
  'husband partner boss colleague coworker team family grandma granny gran grandmother grandpa ' +
  'grandfather aunt uncle cousin neighbour neighbor person guy staff employee employees ' +
  // People by what they did: 'ban a spammer'. To the help they are users.
  'spammer spammers scammer scammers troll trolls';

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does doing for from had has have how i ' +
    'if in into is it its me my mine of on or our so than that the their them then there these ' +
    'they this to too us was we were what when where which who whom why will with would you ' +
    'your yours am just also any about get got need want wants please tell show let lets should ' +
    'omega app application something thing things way there here see make take takes happen ' +
    'happens happened use used using find know work works mean means someone anyone somebody ' +
    'able possible go going now still again really exactly ' +
    // Function words and the bits of contractions people type without the apostrophe.
    'itself myself yourself themselves anything everything nothing some very ' +
    'im ive id dont doesnt didnt cant cannot wont isnt arent wasnt whats hows wheres whos ' +
    'thats theres don doesn didn isn aren wasn won couldn shouldn wouldn s t d ll re ve m ' +
    'u ur r pls plz hi hey hello thanks thank thx ok okay yes yeah ' +
    // When something happened qualifies a question without saying what it is about.
    'today yesterday tomorrow tonight ago monday tuesday wednesday thursday ' +
    'friday saturday sunday lately moment ' +
    // Filler of typed speech: 'what extra stuff do i get', 'from my actual phone'.
    'stuff actual actually basically literally bunch kinda sorta tho ' +
    // Who a question is for or about (the help says 'someone' and 'user'): 'send money to my mum'.
    PEOPLE
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
  bought: ['buy', 'purchas'],
  sent: ['send'],
  paid: ['pay', 'charg'],
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
  admin: ['administr'],
  administrator: ['admin'],
  superuser: ['supergod'],
  terminal: ['command'],
  cli: ['command'],
  ban: ['disabl'],
  block: ['disabl'],
  kick: ['revok', 'session'],
  404: ['not', 'found'],
  cors: ['origin', 'widget'],
  embed: ['embedd', 'widget'],
  iframe: ['embedd', 'widget'],
  locked: ['lock'],
  unban: ['enabl'],
  unblock: ['enabl'],
  reinstate: ['enabl'],
  suspend: ['disabl'],
  deactivate: ['disabl'],
  small: ['smaller', 'size'],
  tiny: ['smaller', 'size'],
  big: ['larger', 'size'],
  large: ['larger', 'size'],
  normal: ['ordinary'],
  regular: ['ordinary'],
  linked: ['belong'],
  cash: ['usd', 'money'],
  fee: ['price', 'charg'],
  expensive: ['price'],
  cheap: ['cheaper', 'price'],
  expiry: ['expir'],
  timeout: ['idle', 'expir'],
  inactive: ['idle'],
  inactivity: ['idle'],
  mobile: ['phone'],
  cell: ['phone'],
  cellphone: ['phone'],
  notification: ['announc', 'bell'],
  alert: ['announc'],
  permission: ['access', 'role'],
  privilege: ['access', 'role'],
  rights: ['access', 'role'],
  erase: ['clear', 'delet'],
  wipe: ['clear'],
  colour: ['theme'],
  color: ['theme'],
  outage: ['unavailabl', 'maintenance'],
  premium: ['pro', 'paid'],
  stuck: ['pending', 'frozen'],
  increase: ['larger', 'bigger', 'rais'],
  decrease: ['smaller', 'lower'],
  reduce: ['smaller', 'lower'],
  people: ['user'],
  remaining: ['left', 'balanc'],
  // Limits asked as superlatives: 'the shortest password allowed', 'longest username'.
  shortest: ['minimum', 'short'],
  longest: ['maximum', 'long'],
  smallest: ['minimum', 'smaller'],
  biggest: ['maximum', 'larger'],
  highest: ['maximum', 'limit'],
  lowest: ['minimum', 'limit'],
};

/** Actions on a user (stemmed); the unknown word after one is a user name ('ban jsmith'). */
const ACTS_ON_USER = new Set(
  'promote demote ban unban disable enable block unblock suspend kick impersonate revoke'
    .split(' ')
    .map(stem),
);

/** A figure as typed: digits with separators ('4567', '0.0041', '2/3', '+27821234567'). */
const NUMBER = /^\+?\d[\d.,:/]*$/;

/** A '+' and digits is an international phone number or its country code ('+44'). */
const INTERNATIONAL = /^\+\d+$/;

/** A synonym counts for less than the word itself, so the help's own wording ranks first. */
const SYNONYM_BOOST = 0.6;

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

function normalize(word: string): string {
  return word.toLowerCase().replace(/^['"]+|['"]+$/g, '');
}

/** Words seen before and their terms: indexing meets the same few thousand words again and again. */
const termsCache = new Map<string, string[]>();

/** The index terms of a word: its stem, plus its synonyms' stems. */
export function termsOf(word: string): string[] {
  const cached = termsCache.get(word);
  if (cached) return cached;
  const lower = normalize(word);
  let terms: string[] = [];
  if (lower && !STOP_WORDS.has(lower)) {
    const stemmed = stem(lower);
    const extra =
      SYNONYMS[lower] ?? SYNONYMS[stemmed] ?? (INTERNATIONAL.test(lower) ? ['international'] : []);
    terms = [...new Set([stemmed, ...extra.map(stem)])];
  }
  if (termsCache.size < 50_000) termsCache.set(word, terms);
  return terms;
}

/**
 * The words of a question the index passes over ('who', 'you', 'omega'), in lower case: they say
 * nothing about which article answers, but something about whether it is asked of Omega at all.
 */
export function functionWords(query: string): string[] {
  return tokenize(query)
    .map(normalize)
    .filter((w) => STOP_WORDS.has(w));
}

/** The meaningful words of a question (what must match for an answer to count). */
function queryWords(query: string): string[] {
  return tokenize(query).filter((w) => !STOP_WORDS.has(normalize(w)) && normalize(w) !== '');
}

/**
 * Phrases that mean one of the help's words: to log in or out (logged, logging) is to sign in or
 * out — unless it is a log of the system's — to sign up is to register, money back a refund, to
 * move down a plan to downgrade (up: upgrade), to shut down a shutdown and a server that goes
 * down an outage.
 */
const PHRASAL: ReadonlyArray<[RegExp, (...groups: string[]) => string]> = [
  [
    /(?<!\b(?:activity|error|system|audit|server|event)\s)\blog(ged|ging|s)?(\s*-?\s*)(in|on|out|off)\b/gi,
    (_, ending = '', gap, particle) =>
      `sign${ending === 'ged' ? 'ed' : ending === 'ging' ? 'ing' : ending}${gap}${particle}`,
  ],
  [/\bsign(ed|ing|s)?\s+up\b/gi, (_, ending = '') => `register${ending}`],
  // Cheaper by billing interval is the saving of yearly billing, not a downgrade: 'is it cheaper
  // to pay yearly', 'monthly or annual, which is cheaper'.
  [
    /\b(yearly|annual|annually|monthly|per year|a year)\b([^,.\n]{0,30})\bcheaper\b|\bcheaper\b([^,.\n]{0,30})\b(yearly|annual|annually|monthly|per year|a year)\b/gi,
    (match) => match.replace(/\bcheaper\b/i, 'save'),
  ],
  // A week as when, like 'yesterday': 'are errors going up this week' ('plan my week' is a week).
  [/\b(this|last|next|past|per|a|every|each) weeks?\b/gi, () => ''],
  // To get in is to sign in: 'how do i get in', 'cant get into my account' (not 'get in touch').
  [/\bget(ting|s)?\s+in(to)?\b(?!\s+touch)/gi, () => 'sign in'],
  [/\bmoney back\b/gi, () => 'refund'],
  // Moving between plans: 'move me down to starter', 'bump us up to pro'.
  [
    /\b(?:move[ds]?|moving|step(?:s|ped|ping)?|bump(?:s|ed|ing)?|drop(?:s|ped|ping)?)(\s+(?:me|us|them|someone|my plan|my subscription))?\s+(down|up)\b/gi,
    (_, who = '', direction) =>
      `${direction.toLowerCase() === 'down' ? 'downgrade' : 'upgrade'}${who}`,
  ],
  [/\bshut(?:s|ting)?\s+down\b/gi, () => 'shutdown'],
  // How much of something one has is a balance: 'how much btc do i have', 'how much is left'.
  [
    /\bhow much\s+(\w+\s+)?(do i have|have i got|i have|is left|do i have left|is in my wallet)\b/gi,
    (match) => `${match} balance`,
  ],
  // A service that goes down is an outage: 'what if the server goes down'.
  [
    /\b(server|site|website|app|service|system|database|omega|it)\s+(?:goes|went|is|was|going|gone)\s+down\b/gi,
    (_, what) => `${what} outage`,
  ],
];

export function tokenize(text: string): string[] {
  let rewritten = text;
  for (const [pattern, replace] of PHRASAL) rewritten = rewritten.replace(pattern, replace);
  return rewritten.split(/[^\p{L}\p{N}_#*+]+/u).filter(Boolean);
}

/** A word of a question phrasing: stop words as they are, other words stemmed. */
function phrasingTerm(word: string): string {
  const lower = normalize(word);
  return STOP_WORDS.has(lower) ? lower : stem(lower);
}

/**
 * A quotation in single quotes that may hold apostrophes inside words ('You don't have
 * permission') and run over a line break, but not over a blank line.
 */
const QUOTED = /(?<![\p{L}\p{N}]|\bsee )'((?:[^'\n]|'(?=\p{L})|\n(?!\s*\n))+?)'(?![\p{L}\p{N}])/gu;
/** A quoted message needs this many words to be a phrasing: shorter ones are button labels. */
const MESSAGE_WORDS = 3;

/**
 * The messages an article quotes from its screens ('This area requires Super-God privileges.',
 * 'Invalid OTP. Try again.'): people paste them as their question, so each is one of the
 * article's phrasings. A quotation after 'see' names another article and is left out.
 */
export function quotedMessages(article: Pick<Article, 'passages'>): string[] {
  const messages = new Set<string>();
  for (const passage of article.passages) {
    for (const [, quoted = ''] of passage.text.matchAll(QUOTED)) {
      const message = quoted.replace(/\s+/g, ' ').trim();
      if (message.split(' ').length >= MESSAGE_WORDS) messages.add(message);
    }
  }
  return [...messages];
}

/** Edit distance with adjacent transpositions (optimal string alignment), capped at `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] ?? max + 1;
}

/** One meaningful word of a question as the index understands it. */
export interface QueryWord {
  /** As typed. */
  word: string;
  /** The index terms searched for it: its (corrected) stem first, then its synonyms. */
  terms: string[];
  /** Whether the index has any of its terms: a word no article uses is a sign of another topic. */
  known: boolean;
  /** The index term a typo was corrected to, if it was. */
  corrected?: string;
  /** How much the word says: the inverse document frequency of its rarest known term. */
  weight: number;
}

export interface Hit {
  passage: Passage;
  score: number;
  /** The question's words that this passage matched. */
  matched: string[];
  /** The question's words this passage's own title, heading or text matched (not its aliases). */
  textMatched: string[];
  /** The question's words that any passage of the same article matched. */
  articleMatched: string[];
  /** How close the question is to one of the article's own question phrasings (0 to 1). */
  phrasing: number;
}

/** A question as the index understood it, and the passages that answer it best first. */
export interface Retrieved {
  words: QueryWord[];
  hits: Hit[];
}

export interface SearchScope {
  /** Whose articles to search: users see user articles; admins see all. */
  audience: Audience;
  /** Admins' 'God Mode' assistant also searches the architecture notes. */
  architecture: boolean;
}

/** Words for parts of a screen: a question naming one asks about what the screen shows. */
const SCREEN_WORDS =
  /\b(page|pages|dashboard|screen|button|card|cards|tab|chart|charts|graph|menu|panel|popup|dialog|banner|link|toggle|form|badge|table)\b/i;
/** How much an architecture note's score counts, in ranking only, for such a question. */
const NOTE_ON_SCREEN_QUESTION = 0.7;

/** Passages one article may place among the hits, so several articles can be offered. */
const PER_ARTICLE = 2;
/**
 * A question this close to one of an article's phrasings (weighted overlap of their words) is
 * that article's question: it goes first even when another article's text matched more words.
 */
export const PHRASING_MATCH = 0.7;
/** The weight of a stop word in that overlap: "how much money have I got" is mostly them. */
const STOP_WORD_WEIGHT = 0.3;
const FIELDS = ['title', 'heading', 'text', 'aliases', 'questions'] as const;
/** Terms this long also find longer words they begin ('regist' finds 'registration'). */
const isPrefixTerm = (term: string) => term.length >= 5;
/** The fields a passage has of its own; aliases and questions belong to its whole article. */
const OWN_FIELDS = new Set<string>(['title', 'heading', 'text']);

/** Whether a passage is within what the asker may read. */
function inScope(p: Passage, scope: SearchScope): boolean {
  return (
    (p.kind !== 'architecture' || scope.architecture) &&
    (scope.audience === 'admin' || p.audience === 'user')
  );
}

/**
 * A HelpIndex as data (`HelpIndex.snapshot`): the search index, each term's passage count and the
 * articles' phrasings.
 */
export interface HelpIndexState {
  search: AsPlainObject;
  documentFrequency: Array<[string, number]>;
  /** Each article's question phrasings, as their terms. */
  phrasings: Array<[string, string[][]]>;
}

/** One of an article's phrasings: its words (by number, in order) and their weights. */
interface WeighedPhrasing {
  ids: Int32Array;
  weights: Float64Array;
}

interface WeighedPhrasings {
  /** Every phrasing's words, numbered. */
  vocabulary: Map<string, number>;
  articles: Array<[string, WeighedPhrasing[]]>;
  /** Per word number, its place in the question being weighed (from 1), or 0. */
  marks: Int32Array;
}

export class HelpIndex {
  private readonly search: MiniSearch<Passage>;
  private readonly byId = new Map<string, Passage>();
  /** Index term -> number of passages holding it (in any field). */
  private readonly documentFrequency: Map<string, number>;
  private readonly extras = new Map<string, { aliases: string; questions: string }>();
  /** Each article's question phrasings as sets of stemmed words, stop words included. */
  private readonly phrasings = new Map<string, Array<Set<string>>>();
  private termsByEnds: Map<string, Array<[string, number]>> | undefined;
  /** `idf` of the index terms asked about so far. */
  private readonly idfs = new Map<string, number>();
  private weighed: WeighedPhrasings | undefined;

  /**
   * The index of `articles`: built from them (a tenth of a second of CPU: every word of every
   * passage analysed), or loaded from a `snapshot` of the index of the same articles (the help
   * artifact's, help-artifact.ts).
   */
  constructor(
    readonly articles: readonly Article[],
    state?: HelpIndexState,
  ) {
    for (const article of articles) {
      this.extras.set(`${article.kind}/${article.slug}`, {
        aliases: article.aliases.join(', '),
        questions: article.questions.join('\n'),
      });
      for (const p of article.passages) this.byId.set(p.id, p);
    }
    const field = (p: Passage, name: string): string => {
      if (name === 'aliases' || name === 'questions') {
        return this.extras.get(`${p.kind}/${p.slug}`)?.[name] ?? '';
      }
      const value = (p as unknown as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : '';
    };
    // The terms of the passage being added, to count in how many passages each term occurs.
    let adding: Set<string> | undefined;
    const options: Options<Passage> = {
      fields: [...FIELDS],
      extractField: (p, name) => (name === 'id' ? p.id : field(p, name)),
      tokenize,
      processTerm: (term) => {
        const terms = termsOf(term);
        for (const t of terms) adding?.add(t);
        return terms.length > 0 ? terms : null;
      },
      searchOptions: {
        boost: { heading: 3, title: 2, text: 1, aliases: 2, questions: 1.5 },
        combineWith: 'OR',
      },
    };
    if (state) {
      this.search = MiniSearch.loadJS(state.search, options);
      this.documentFrequency = new Map(state.documentFrequency);
    } else {
      this.search = new MiniSearch<Passage>(options);
      this.documentFrequency = new Map();
      for (const p of this.byId.values()) {
        adding = new Set();
        this.search.add(p);
        for (const t of adding)
          this.documentFrequency.set(t, (this.documentFrequency.get(t) ?? 0) + 1);
      }
      adding = undefined;
    }
    if (state) {
      for (const [key, sets] of state.phrasings) {
        this.phrasings.set(
          key,
          sets.map((terms) => new Set(terms)),
        );
      }
    } else {
      for (const article of articles) {
        this.phrasings.set(
          `${article.kind}/${article.slug}`,
          [...article.questions, ...quotedMessages(article)].map(
            (q) => new Set(tokenize(q).map(phrasingTerm)),
          ),
        );
      }
    }
  }

  /** The index as data (the help artifact's): loaded with the same articles, the same index. */
  snapshot(): HelpIndexState {
    return {
      search: this.search.toJSON(),
      documentFrequency: [...this.documentFrequency],
      phrasings: [...this.phrasings].map(([key, sets]) => [key, sets.map((t) => [...t])]),
    };
  }

  get passageCount(): number {
    return this.byId.size;
  }

  /** Whether some article uses the word (in any form the stemmer joins, or as an alias). */
  knows(word: string): boolean {
    return this.documentFrequency.has(stem(normalize(word)));
  }

  /**
   * Inverse document frequency; a term no passage has counts as rarer than any that one has.
   * Kept per index term once worked out (the index does not change once built, and a question
   * weighs every term of every article's phrasings); a question's unknown words are not kept.
   */
  private idf(term: string): number {
    const kept = this.idfs.get(term);
    if (kept !== undefined) return kept;
    const df = this.documentFrequency.get(term);
    if (df === undefined) return Math.log(1 + this.byId.size / 0.5);
    const idf = Math.log(1 + this.byId.size / df);
    this.idfs.set(term, idf);
    return idf;
  }

  /**
   * The nearest index term to an unknown word's stem, by edit distance (one edit, two from eight
   * letters), the most common on a tie. Only words of five letters or more (five since
   * 2026-11-27: 'serch', 'keypd', 'satrt'; measured on every set, the programming word 'const'
   * was the one new wrong answer, and other-topics.ts lists it), and only corrections that keep
   * the first and last letter: typos happen inside words, while an English word one letter away
   * from a help word ('plant', 'flight', 'world') is usually another word.
   */
  private correct(word: string, term: string): string | undefined {
    if (word.length < 5 || /\d/.test(term)) return undefined;
    // Its last two letters swapped ('lenght'): the one common typo that moves the last letter.
    const swapped = stem(`${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`);
    if (this.documentFrequency.has(swapped)) return swapped;
    const max = term.length >= 8 ? 2 : 1;
    let best: { term: string; distance: number; df: number } | undefined;
    for (const [candidate, df] of this.byEnds().get(`${term[0]}${term.at(-1)}`) ?? []) {
      const distance = editDistance(term, candidate, max);
      if (distance > max) continue;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance && (df > best.df || (df === best.df && candidate < best.term)))
      ) {
        best = { term: candidate, distance, df };
      }
    }
    return best?.term;
  }

  /**
   * The index terms of four letters or more by their first and last letter, the only ones a
   * correction may reach (built on first use: the question model corrects thousands of words).
   */
  private byEnds(): Map<string, Array<[string, number]>> {
    if (!this.termsByEnds) {
      this.termsByEnds = new Map();
      for (const [term, df] of this.documentFrequency) {
        if (term.length < 4) continue;
        const key = `${term[0]}${term.at(-1)}`;
        const bucket = this.termsByEnds.get(key) ?? [];
        bucket.push([term, df]);
        this.termsByEnds.set(key, bucket);
      }
    }
    return this.termsByEnds;
  }

  /** The question's meaningful words as the index understands them. */
  analyse(query: string): QueryWord[] {
    const typed = queryWords(query);
    const words = typed.map((word, i) => {
      let terms = termsOf(word);
      let corrected: string | undefined;
      const [primary] = terms;
      if (primary !== undefined && !terms.some((t) => this.documentFrequency.has(t))) {
        corrected = this.correct(normalize(word), primary);
        if (corrected) terms = [...new Set([corrected, ...termsOf(corrected), ...terms.slice(1)])];
        // An unknown word after an action on a person is that person's name: 'promote bob'.
        else if (ACTS_ON_USER.has(stem(normalize(typed[i - 1] ?? '')))) terms = ['user'];
      }
      const knownTerms = terms.filter((t) => this.documentFrequency.has(t));
      const weight =
        knownTerms.length > 0 ? Math.max(...knownTerms.map((t) => this.idf(t))) : this.idf('');
      return {
        word,
        terms,
        known: knownTerms.length > 0,
        ...(corrected ? { corrected } : {}),
        weight,
      };
    });
    // A number the help never uses is the asker's own figure (a phone number, an amount, a count:
    // 'i put 082 123 4567', 'still says 120 usdc'), not what the question is about.
    const meaningful = words.filter((w) => w.known || !NUMBER.test(w.word));
    return meaningful.length > 0 ? meaningful : words;
  }

  /** The best passages for a question within the scope, best first. */
  find(query: string, scope: SearchScope, limit = 8): Hit[] {
    return this.retrieve(query, scope, limit).hits;
  }

  /**
   * The question's words and the best passages for it within the scope, at most two per
   * article, best first; an article whose own phrasing is this question goes first.
   */
  retrieve(query: string, scope: SearchScope, limit = 8): Retrieved {
    const words = this.analyse(query);
    if (words.length === 0) return { words, hits: [] };
    const phrasing = this.phrasingSimilarity(query, words);
    const ranked = this.searchPassages(words, (p) => inScope(p, scope));
    const keyOf = (p: Passage) => `${p.kind}/${p.slug}`;
    // A question that names part of a screen is about the screen, so the help article describing
    // it goes before an architecture note that merely shares its words ('health dashboard').
    if (SCREEN_WORDS.test(query)) {
      const rank = (h: (typeof ranked)[number]) =>
        h.score * (h.passage.kind === 'architecture' ? NOTE_ON_SCREEN_QUESTION : 1);
      ranked.sort((a, b) => rank(b) - rank(a));
    }
    // Stable: the phrased article's passages first, in score order, then everything else.
    const first = [...phrasing.entries()]
      .filter(([, sim]) => sim >= PHRASING_MATCH)
      .sort((a, b) => b[1] - a[1])[0]?.[0];
    if (first)
      ranked.sort(
        (a, b) => Number(keyOf(b.passage) === first) - Number(keyOf(a.passage) === first),
      );

    const perArticle = new Map<string, { count: number; matched: Set<string> }>();
    const kept: typeof ranked = [];
    for (const h of ranked) {
      const key = keyOf(h.passage);
      const article = perArticle.get(key) ?? { count: 0, matched: new Set<string>() };
      perArticle.set(key, article);
      for (const w of h.matched) article.matched.add(w);
      if (article.count >= PER_ARTICLE || kept.length >= limit) continue;
      article.count += 1;
      kept.push(h);
    }
    const hits = kept.map((h) => ({
      ...h,
      articleMatched: [...(perArticle.get(keyOf(h.passage))?.matched ?? [])],
      phrasing: phrasing.get(keyOf(h.passage)) ?? 0,
    }));
    return { words, hits };
  }

  /**
   * The passage of the article `slug` that best answers the question's words, within the scope;
   * its first passage when none shares a word with the question, none when the scope excludes it.
   * The question model may know an article the index did not find (relevance.ts `decide`).
   */
  articleHit(slug: string, words: readonly QueryWord[], scope: SearchScope): Hit | undefined {
    if (!this.readable(slug, scope)) return undefined;
    const own = (p: Passage) => p.slug === slug && inScope(p, scope);
    const best = this.searchPassages(words, own)[0];
    const passage = best?.passage ?? [...this.byId.values()].find(own);
    if (!passage) return undefined;
    const matched = best?.matched ?? [];
    return {
      passage,
      score: best?.score ?? 0,
      matched,
      textMatched: best?.textMatched ?? [],
      articleMatched: matched,
      phrasing: 0,
    };
  }

  /** Whether the article `slug` has a passage within the scope (no search). */
  readable(slug: string, scope: SearchScope): boolean {
    for (const p of this.byId.values()) if (p.slug === slug && inScope(p, scope)) return true;
    return false;
  }

  /** The passages `accept` allows that share a term with the question, best first. */
  private searchPassages(
    words: readonly QueryWord[],
    accept: (p: Passage) => boolean,
  ): Array<Pick<Hit, 'passage' | 'score' | 'matched' | 'textMatched'>> {
    const boosts = new Map<string, number>();
    for (const { terms } of words) {
      terms.forEach((t, i) => {
        boosts.set(t, Math.max(boosts.get(t) ?? 0, i === 0 ? 1 : SYNONYM_BOOST));
      });
    }
    const results: SearchResult[] = this.search.search([...boosts.keys()].join(' '), {
      tokenize: (q) => q.split(' '),
      processTerm: (t) => t,
      boostTerm: (t) => boosts.get(t) ?? 1,
      prefix: isPrefixTerm,
      fuzzy: false,
      filter: (r) => {
        const p = this.byId.get(String(r.id));
        return p !== undefined && accept(p);
      },
    });
    const matchedBy = (r: SearchResult, own: boolean) => {
      const queryTerms = new Set(r.queryTerms);
      // r.match maps each matching document term (the query term, or a longer one it is a
      // prefix of) to the fields it was found in.
      const inOwnFields = (t: string) =>
        Object.entries(r.match).some(
          ([docTerm, fields]) =>
            (docTerm === t || (isPrefixTerm(t) && docTerm.startsWith(t))) &&
            fields.some((f) => OWN_FIELDS.has(f)),
        );
      return words
        .filter(({ terms }) => terms.some((t) => queryTerms.has(t) && (!own || inOwnFields(t))))
        .map((w) => w.word);
    };
    return results.flatMap((r) => {
      const passage = this.byId.get(String(r.id));
      return passage
        ? [
            {
              passage,
              score: r.score,
              matched: matchedBy(r, false),
              textMatched: matchedBy(r, true),
            },
          ]
        : [];
    });
  }

  /**
   * For each article, the best weighted overlap (shared weight ÷ combined weight) between the
   * question's words and one of its phrasings. Stop words count a little, so "how much money have
   * I got" meets "how much money do I have"; other words count by rarity, so "cancel netflix"
   * stays far from "cancel my subscription".
   */
  private phrasingSimilarity(query: string, words: readonly QueryWord[]): Map<string, number> {
    const corrected = new Map(words.map((w) => [normalize(w.word), w.terms[0] ?? '']));
    const asked = new Set(
      tokenize(query).map((w) => corrected.get(normalize(w)) ?? phrasingTerm(w)),
    );
    const { vocabulary, articles, marks } = this.weighedPhrasings();
    // The question's words by their number among the phrasings' words (marked with their place
    // in the question, from 1), and the sum of their weights in the question's order.
    const askedWeights: number[] = [];
    const marked: number[] = [];
    let askedUnion = 0;
    for (const t of asked) {
      const w = this.weightOf(t);
      askedUnion += w;
      const id = vocabulary.get(t);
      if (id !== undefined) {
        marks[id] = askedWeights.length + 1;
        marked.push(id);
      }
      askedWeights.push(w);
    }
    const matched: number[] = [];
    const similarity = new Map<string, number>();
    for (const [key, phrasings] of articles) {
      let best = 0;
      for (const { ids, weights } of phrasings) {
        // Summed as before: the question's words in their order (those the phrasing shares, and
        // all of them), then the phrasing's others in its order.
        let union = askedUnion;
        matched.length = 0;
        for (let i = 0; i < ids.length; i++) {
          const mark = marks[ids[i] as number] as number;
          if (mark === 0) union += weights[i] as number;
          else matched.push(mark - 1);
        }
        let shared = 0;
        if (matched.length > 0) {
          matched.sort((a, b) => a - b);
          for (const k of matched) shared += askedWeights[k] as number;
        }
        if (union > 0) best = Math.max(best, shared / union);
      }
      if (best > 0) similarity.set(key, best);
    }
    for (const id of marked) marks[id] = 0;
    return similarity;
  }

  /** A word's weight in a phrasing: a little for a stop word, its rarity otherwise. */
  private weightOf(term: string): number {
    return STOP_WORDS.has(term) ? STOP_WORD_WEIGHT : this.idf(term);
  }

  /**
   * The phrasings with their words' numbers and weights, worked out at the first question:
   * every question is weighed against all of them, and the weights do not change once the index
   * is built.
   */
  private weighedPhrasings(): WeighedPhrasings {
    if (!this.weighed) {
      const vocabulary = new Map<string, number>();
      const articles = [...this.phrasings].map(([key, sets]): [string, WeighedPhrasing[]] => [
        key,
        sets.map((set) => {
          const terms = [...set];
          return {
            ids: Int32Array.from(terms, (t) => {
              const known = vocabulary.get(t);
              if (known !== undefined) return known;
              vocabulary.set(t, vocabulary.size);
              return vocabulary.size - 1;
            }),
            weights: Float64Array.from(terms, (t) => this.weightOf(t)),
          };
        }),
      ]);
      this.weighed = { vocabulary, articles, marks: new Int32Array(vocabulary.size) };
    }
    return this.weighed;
  }
}
