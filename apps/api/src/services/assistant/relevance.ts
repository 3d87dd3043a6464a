// Whether the assistant may answer a question from the help, decided before it quotes anything.
// It declines by default: prompt-injection attempts and requests for secrets, questions naming
// another product or a general topic (and nothing of Omega's), and questions whose best article
// scores below the calibrated threshold or covers too little of what was asked. The thresholds
// were calibrated on the training questions only (bench/assistant-eval-questions.json, run
// `pnpm --filter @omega/bench assistant-eval --calibrate`); decision 006 records the figures.
import type { HelpIndex, Hit, QueryWord, SearchScope } from './retrieval.js';

/** Below this BM25 score the best passage matched too little to be an answer. */
export const MIN_SCORE = 15;
/** The share of the question's meaning the best article must match (see coverageOf). */
export const MIN_COVERAGE = 0.4;
/** The weight of a known word the best article does not match, relative to an unknown word's. */
export const UNMATCHED_KNOWN_SHARE = 0.5;

export type Decline = 'empty' | 'injection' | 'not-omega' | 'weak';

export interface Decision {
  /** Why the assistant declines, or undefined when it answers from `hits`. */
  decline?: Decline;
  words: QueryWord[];
  hits: Hit[];
  /** The weighted share of the question the best article matched (0 when nothing did). */
  coverage: number;
}

// Not 'a' ("what is a registration key" asks what one is) nor 'my' ("what is my password" is a
// forgotten password, which the help answers).
const OBJECT_WORDS =
  '(?:the|your|our|his|her|their|its|this|that|all|every|each|any|of|' +
  'admin|admins|administrator|administrators|supergod|supergods|super-god|registration|secret|' +
  'current|real|actual|full|raw|database|db|user|users|everyone|everybody|session|api|llm|' +
  'openai|twilio|sms|gateway|omega|omegapay|hashed|stored|plain|plaintext|master|root|server|' +
  'cookie|auth|private|encryption|signing|generated|system|env|environment|configured|app)';
const SECRET_NOUN =
  '(?:keys?|secrets?|tokens?|passwords?|password hash(?:es)?|hash(?:es)?|credentials?|' +
  'database (?:url|uri)|connection string|session_secret|omega_\\w+|registration-keys(?:\\.txt)?|' +
  '\\.env|env(?:ironment)? (?:file|variables?))';
const REVEAL_VERB =
  '(?:print|output|reveal|show|display|dump|leak|expose|tell|give|send|list|read|echo|cat|copy|' +
  'paste|share|what is|what are|whats)';

/** Attempts to steer the assistant or to read a secret: they get the decline answer. */
const INJECTION: readonly RegExp[] = [
  // "ignore (all) (your|previous) instructions", "disregard the help articles"
  /\b(ignore|disregard|forget|override|bypass)\s+((all|any|the|your|previous|prior|above|earlier|these|those|of|my|help)\s+)*(instructions?|prompts?|guidelines|directions|programming|restrictions|filters|rules|context|articles)\b/,
  /\bforget (everything|all)\b/,
  /\b(system|initial|original|hidden|secret|internal|developer)\s+(prompt|instructions?|message)\b/,
  /\byour\s+(instructions?|prompt|rules|guidelines|programming|training|configuration)\b/,
  /\b(repeat|print|output|show|reveal|recite|write)\b.{0,30}\b(above|verbatim|first message|previous message|word for word)\b/,
  /\b(you are now|from now on you|act as|pretend (to be|you)|role ?play|jailbreak|developer mode|do anything now|dan mode|no (rules|restrictions|filters))\b/,
  // Not 'limits': 'no limits on transfers?' is a question about Omega's (higher) limits.
  /\bwithout (any )?(restrictions|rules|filters)\b/,
  /\b(disable|turn off|remove|lift)\s+(your|the|all)\s+(filters?|safety|guardrails|restrictions)\b/,
  /^\s*(system|assistant|developer)\s*:/,
  // Reading a secret's value: "print the admin registration key", "what is the SESSION_SECRET".
  new RegExp(
    `\\b${REVEAL_VERB}\\b(\\s+(me|us))?(\\s+${OBJECT_WORDS}){0,5}\\s+${SECRET_NOUN}(?![\\w-])`,
  ),
  /\bcontents? of\b.{0,25}(\.env|env file|config|registration-keys|passwd|secrets?)/,
  /(\/etc\/(passwd|shadow)|\bselect\s+\*\s+from\b|\bdrop\s+table\b|\bunion\s+select\b|\brm\s+-rf\b|<script|\bsudo\b)/,
];

/** Products and services other than Omega; naming one (and nothing of Omega's) is not about Omega. */
const OTHER_PRODUCTS = new Set(
  (
    'netflix spotify paypal venmo zelle cashapp amazon ebay alibaba iphone ipad macbook android ' +
    'samsung huawei google gmail youtube facebook instagram whatsapp tiktok twitter snapchat ' +
    'telegram uber lyft airbnb microsoft outlook hotmail ' +
    'coinbase binance kraken metamask ethereum dogecoin solana litecoin ripple xrp cardano nft ' +
    'mpesa vodacom mtn airtel safaricom fnb absa nedbank capitec visa mastercard amex revolut ' +
    'moneygram siri alexa tesla xbox playstation nintendo linkedin reddit ' +
    'pinterest hulu disney hbo shopify wordpress dropbox icloud yahoo photoshop canva tinder ' +
    'slack discord'
  ).split(' '),
);
const OTHER_PRODUCT_PHRASES = [
  /\bwestern union\b/,
  /\bcash app\b/,
  /\bprime video\b/,
  /\bm-pesa\b/,
];

/** Words that only a question about something else uses (space, food, cars, health, ...). */
const GENERAL_TOPICS = new Set(
  (
    'jupiter saturn mars venus planet planets moon moons galaxy universe asteroid ' +
    'calorie calories banana recipe recipes pizza bread bake baking cook cooking pancake pancakes ' +
    'pasta chicken vegetable vegetables fruit diet protein ' +
    'car cars tire tyre tires tyres vehicle bike bicycle motorcycle flight flights ' +
    'airplane airport hotel weather rain forecast temperature snow ' +
    'football soccer cricket rugby nba nfl basketball tennis olympics ' +
    'doctor medicine vaccine vaccines symptom symptoms headache fever pregnant pregnancy covid ' +
    'population president minister king queen war empire roman ' +
    'invest investing investment investments stock stocks portfolio forex mortgage loan loans ' +
    'tax taxes insurance retirement ' +
    'movie movies film song songs music joke jokes poem poems novel ' +
    'cat cats dog dogs spider spiders animal animals pet pets ' +
    'garden tomato tomatoes plumbing furniture ' +
    'homework essay translate translation french spanish german equation ' +
    'python div regex vim kubernetes'
  ).split(' '),
);
const GENERAL_PHRASES = [
  /\bworld cup\b/,
  /\bmeaning of life\b/,
  /\byour name\b/,
  /\bwho (made|built|created|are) you\b/,
  /\bare you (a |an )?(robot|human|bot|real|ai|alive)\b/,
  /\bhow are you\b/,
  /\bhows it going\b/,
  /\bdo you (love|like) me\b/,
  /\bim bored\b/,
  /\bgood (morning|afternoon|evening|night)\b/,
  /\b(sing|tell) (me )?a (song|joke|story)\b/,
];

/** Words that make a question Omega's even when it names something else too. */
const OMEGA_ANCHORS = /\b(omega|omegapay|keypad|supergod|super-god|ussd|god mode|app central)\b/;

function normalise(query: string): string {
  return query.toLowerCase().replace(/[’']/g, '').replace(/\s+/g, ' ').trim();
}

/** Whether the question tries to steer the assistant or to read a secret. */
export function isInjectionAttempt(query: string): boolean {
  const q = normalise(query);
  return INJECTION.some((re) => re.test(q));
}

/** Whether the question names another product or a general topic, and nothing of Omega's. */
export function isAboutSomethingElse(query: string): boolean {
  const q = normalise(query);
  if (OMEGA_ANCHORS.test(q)) return false;
  const words = q.split(/[^\p{L}\p{N}-]+/u);
  return (
    words.some((w) => OTHER_PRODUCTS.has(w) || GENERAL_TOPICS.has(w)) ||
    OTHER_PRODUCT_PHRASES.some((re) => re.test(q)) ||
    GENERAL_PHRASES.some((re) => re.test(q))
  );
}

/**
 * How much of the question the best hit's article answers: the weight of the words it matched
 * over that plus the weight of the words it did not. A word the help never uses counts in full
 * (the question is about something else); a word the help knows but this article does not use
 * counts for UNMATCHED_KNOWN_SHARE of its weight (people paraphrase). When the question is close
 * to one of the article's own phrasings, that closeness counts if it is more.
 */
export function coverageOf(
  words: readonly QueryWord[],
  hits: readonly Hit[],
  unmatchedKnownShare = UNMATCHED_KNOWN_SHARE,
): number {
  const best = hits[0];
  if (!best || words.length === 0) return 0;
  const matched = new Set(best.articleMatched);
  let covered = 0;
  let missed = 0;
  for (const w of words) {
    if (matched.has(w.word)) covered += w.weight;
    else missed += w.known ? w.weight * unmatchedKnownShare : w.weight;
  }
  const share = covered + missed > 0 ? covered / (covered + missed) : 0;
  return Math.max(share, best.phrasing);
}

/** Searches the help for `query` within `scope` and decides whether the best hits answer it. */
export function decide(index: HelpIndex, query: string, scope: SearchScope): Decision {
  if (isInjectionAttempt(query)) return { decline: 'injection', words: [], hits: [], coverage: 0 };
  if (isAboutSomethingElse(query))
    return { decline: 'not-omega', words: [], hits: [], coverage: 0 };
  const { words, hits } = index.retrieve(query, scope);
  if (words.length === 0) return { decline: 'empty', words, hits, coverage: 0 };
  const coverage = coverageOf(words, hits);
  const best = hits[0];
  if (!best || best.score < MIN_SCORE || coverage < MIN_COVERAGE) {
    return { decline: 'weak', words, hits, coverage };
  }
  return { words, hits, coverage };
}
