// Requests the help cannot answer by their nature, whatever words they share with it: a general
// task to perform (write a script, explain a concept, translate), code in a language or framework,
// advice and shopping, market prices, a setting of another product or device, and small talk.
// Each rule is a shape of request with the reason it is not a question about Omega, not a list of
// questions; each declines unless the question is anchored in Omega, and how strong the anchor
// must be depends on the shape (relevance.ts asks these after the injection rules).
import { PRODUCT_WORDS } from './other-topics.js';
import { type HelpIndex, PEOPLE } from './retrieval.js';

export type RequestKind = 'code' | 'task' | 'advice' | 'market' | 'elsewhere' | 'small-talk';

export interface GeneralRequest {
  kind: RequestKind;
  /** The words that gave the shape away. */
  match: string;
}

/** Omega's own names: a question that says one is about Omega (relevance.ts anchors on them too). */
export const OMEGA_NAMES = 'omega|omegapay|supergod|super-god|app central';
/**
 * The question says it is about Omega: its names, or the asker's own account in this app. A
 * request of any shape below that says so is the help's to answer (or to decline on its score).
 */
const OMEGA_NAMED = new RegExp(
  `\\b(${OMEGA_NAMES}|god mode|this app|this site|this website|the app|our app|in here|on here|my omega)\\b`,
);
/**
 * Code questions are also Omega's when they name the keypad or Omega's own code ('use the keypad
 * in a react component', 'is our server written in node'). USSD is not such a word: it is a
 * general technology ('write a ussd menu in python').
 */
const CODE_ANCHORS =
  /\b(keypad|widget|our|ours|we|the server|the api|the web app|the codebase|the repo|the repository)\b/;
/**
 * A setting changed in another product or device is Omega's when the question names an Omega
 * screen too ('the keypad is blank in chrome').
 */
const PLACE_ANCHORS = /\b(keypad|widget|ussd|dashboard|console|subscription|wallet|supergod)\b/;

/** Programming languages, frameworks and tools: naming one with an artefact is a coding request. */
const LANGUAGES =
  'sql|mysql|postgres|postgresql|sqlite|mongodb|redis|bash|shell|powershell|zsh|python|java|' +
  'javascript|js|typescript|ts|node|nodejs|react|vue|angular|svelte|jquery|django|flask|rails|' +
  'laravel|spring|php|ruby|golang|rust|kotlin|swift|html|css|tailwind|docker|kubernetes|git|' +
  'linux|excel|vba|regex|json|yaml|graphql|bcrypt|c\\+\\+|c#';
/** Web frameworks: an app built with one is someone's own ('a fastify api', 'in express'). */
const FRAMEWORKS =
  'express|expressjs|fastify|nestjs|nextjs|next\\.js|nuxt|koa|hapi|flask|django|rails|laravel|' +
  'spring boot|dotnet|\\.net|asp\\.net|flutter|react native|expo';
/** Languages a program is written 'in': 'reverse a string in javascript', 'a ussd menu in python'. */
const WRITTEN_IN =
  'python|java|javascript|js|typescript|node|nodejs|react|vue|angular|php|ruby|golang|rust|' +
  'kotlin|swift|bash|powershell|c\\+\\+|c#|django|flask';
/** What a coding request asks for. */
const ARTEFACTS =
  'script|query|queries|function|method|regex|snippet|program|class|component|file|command|' +
  'formula|macro|loop|algorithm|hook|one-liner|oneliner';

const CODE: readonly RegExp[] = [
  // An artefact with what it should do: 'sql query to count rows', 'bash script to rename
  // files', 'docker compose file for postgres' ('is there a docker compose file' asks about ours).
  new RegExp(`\\b(${LANGUAGES})( compose)? (${ARTEFACTS})s? (to|for|that|which|in)\\b`),
  // Learning a language: 'typescript generic constraint example', 'python syntax'.
  new RegExp(`\\b(${LANGUAGES})( \\w+){0,2} (example|examples|tutorial|syntax|cheat ?sheet)\\b`),
  // 'write a python function', 'generate a regex for emails', 'i need a script that...'
  /\b(write|create|generate|code|implement|give me|i need|i want)( me)?( a| an| the| some)?( \w+){0,3}? (script|function|regex|snippet|program|class|macro|algorithm|loop|one-liner|query)s?\b/,
  // Not 'written in react' or 'built with node': that asks what Omega is made with.
  new RegExp(
    `(?<!\\b(written|built|made|coded|implemented|done|run|running|runs) )\\b(in|with|using) (${WRITTEN_IN})\\b`,
  ),
  // Names only programmers use: hooks, null pointers, complexity.
  /\b(useeffect|usestate|usememo|npm install|pip install|null pointer|nullpointer|big o|segfault|stack ?overflow|compile error|syntax error)\b/,
  // Someone's own software, not Omega: 'prometheus metrics in my own node app', 'rate limiting
  // for a fastify api' (Omega's is 'the api'; a page of one's own is the keypad widget's).
  /\bmy own (\w+ ){0,2}(app|apps|api|project|server|service|backend|program|bot|codebase)\b/,
  new RegExp(
    `\\b(a|an|my) (new )?(${LANGUAGES}|${FRAMEWORKS}) (api|app|server|project|backend|service|route|endpoint|site|website)\\b`,
  ),
  // A framework named as where: 'fix cors error in express'.
  new RegExp(`\\b(in|with|using) (${FRAMEWORKS})\\b`),
  // A programming concept defined: 'what is a react hook', 'whats an express middleware' ('what is
  // sqlite used for' asks about Omega's own database).
  new RegExp(`^(whats|what is|what are) (a|an) (${LANGUAGES}|${FRAMEWORKS}) \\w+`),
  // A tool's own commands and errors: 'git undo last commit', 'port is already allocated',
  // 'postgres create index concurrently'.
  /\bgit (undo|commit|push|pull|merge|rebase|stash|branch|reset|revert|clone|checkout|cherry-pick|squash|amend|log|diff)\b/,
  /\b(port (is )?already (in use|allocated)|address already in use|eaddrinuse|command not found|permission denied \(publickey\)|segmentation fault)\b/,
  /\b(create|drop|alter|add) (a |an )?(unique )?(index|indexes|indices|foreign key|primary key)\b/,
];

/** A camelCase identifier as typed ('useEffect', 'forEach'): code, not a word of the help's. */
const IDENTIFIER = /\b[a-z]+[A-Z][A-Za-z]*\b/g;

/**
 * Asking the assistant to do something general: explain, define, translate, calculate, write. The
 * help answers such a request when what it names first is the help's vocabulary ('explain
 * pro-rating', 'list my transactions from yesterday'); a word the help never uses there is what the
 * task is about ('explain compound interest', 'list the primes below 50').
 */
const TASK: readonly RegExp[] = [
  /^(please |pls |can you |could you |would you )?(explain|define|translate|summari[sz]e|calculate|compute|solve|convert|write|draft|compose|generate|list|name|describe)\b/,
  /\b(in simple terms|for beginners|for dummies|eli5)\b/,
];

/**
 * Comparing or defining things: 'redis vs memcached', 'difference between sql and nosql', 'what
 * is a race condition'. The help compares and defines its own things ('monthly vs yearly', 'what
 * is a complimentary plan'); any word it never uses means the things are someone else's.
 */
const COMPARE_OR_DEFINE: readonly RegExp[] = [
  /\b(vs|versus|difference between|differences between|compared to|compared with|better than|pros and cons)\b/,
  /^(what|whats|what is|what are) (a|an)\b/,
];

/**
 * Arithmetic on the asker's own figures: '15 percent of 80', '17 times 23', 'log base 2 of 64'.
 * Omega's figures are its prices and balances, asked about in words ('how much is pro yearly').
 */
const ARITHMETIC =
  /\b\d+(\.\d+)?\s*(percent|%|times|plus|minus|divided by|multiplied by|over|to the power of|[x*+^])\s*(of\s+)?\d|\b(square root|cube root|sqrt|log|logarithm|ln|factorial|sine|cosine|tangent)( base \d+)?( of)? \d/;

/** Knowledge in general, not of Omega: 'best practices for rate limiting', '503 in general'. */
const IN_GENERAL = /\b(best practices?|in general|generally speaking|as a rule of thumb)\b/;

/**
 * Advice and shopping: which thing is best, what to buy, whether something is worth it. Omega's
 * help answers it only in its own vocabulary ('which plan is best for me'); a word it never uses
 * is the thing being chosen ('best phone with big keypad for my gran').
 */
const ADVICE: readonly RegExp[] = [
  // Not 'the best way to': that asks how.
  /\bbest\b(?! way)/,
  /\b(recommend|recommendation|recommendations|suggest a|suggest an|suggest some)\b/,
  /\bshould i (buy|get|invest|choose|pick|go with)\b/,
  /\b(worth it|worth buying|worth the money|good investment|good idea to buy)\b/,
  /\b(cheapest|cheaply)\b/,
  /\bis it (safe|legal|wise|smart|a good idea|risky) to\b/,
];

/** Choosing something for a person ('best phone for my gran') is shopping for them. */
const FOR_SOMEONE = new RegExp(`\\bfor (my|our|a|an|the) (${PEOPLE.split(' ').join('|')})\\b`);

/** Advice about choosing a plan is the help's: it compares them. */
const PLAN_WORDS = /\b(plans?|subscriptions?|tiers?|free|starter|pro|enterprise)\b/;

/**
 * Market data: an asset's price or rate at a moment. Omega's keypad uses fixed prices; USDC is left
 * out because it is the keypad's own dollar (its rate is a question about the keypad).
 */
const ASSETS =
  '(bitcoin|btc|crypto|cryptocurrency|ethereum|eth|usdt|stocks?|shares?|gold|silver|oil|' +
  'dollars?|pounds?|euros?|rand|naira|yen|currency|currencies)';
const MARKET: readonly RegExp[] = [
  new RegExp(
    `\\b${ASSETS}\\b.{0,30}\\b(price|value|rate|worth|trading at)\\b.{0,30}\\b(today|tonight|now|currently|at the moment|this week|this month|yesterday|tomorrow|live)\\b`,
  ),
  new RegExp(
    `\\b(price|value|rate|worth)\\b.{0,30}\\b${ASSETS}\\b.{0,30}\\b(today|tonight|now|currently|at the moment|this week|this month|yesterday|tomorrow|live)\\b`,
  ),
  new RegExp(
    `\\b(todays|current|live|latest|real-time|realtime) ${ASSETS} (price|rate|value)s?\\b`,
  ),
  /\bexchange rates? (for|of|between|from)\b/,
  new RegExp(`\\bhow much is (a |one )?${ASSETS} worth\\b`),
  new RegExp(`\\b(will|is) ${ASSETS} (go up|go down|going up|going down|crash)\\b`),
  // Investment advice: 'best crypto to buy now', 'should i sell my shares'.
  // ('which coins can i buy now' asks what the keypad sells.)
  /\b(best|good|top)\b.{0,20}\b(crypto|cryptocurrency|cryptocurrencies|coins?|tokens?|stocks?|shares?|investments?)\b.{0,15}\b(to buy|to invest|to hold|to get|right now|now|this year)\b/,
  /\b(which|what)\b.{0,20}\b(crypto|cryptocurrency|cryptocurrencies|coins?|tokens?|stocks?|shares?)\b.{0,15}\b(to invest in|to hold|should i buy)\b/,
  new RegExp(`\\bshould i (buy|sell|invest in|hold) ${ASSETS}\\b`),
];

/**
 * Something that belongs to another service or device. A service noun ('account', 'subscription',
 * 'billing', 'dashboard') owned by a word the help never uses is someone else's ('my electricity
 * account', 'magazine subscription', 'grafana dashboard'); a device's own parts and settings are
 * the device's ('browser cache', 'phone screen'); and a setting changed 'in chrome' is Chrome's
 * even though a note mentions Chrome.
 */
const SERVICE_NOUNS =
  /\b([a-z][a-z0-9-]{3,}) (accounts?|subscriptions?|memberships?|billing|bills?|dashboards?|panels?|contracts?|orders?|bookings?|polic(y|ies)|statements?|invoices?)\b/g;
/** Words that qualify a service noun without naming another owner ('my old account'). */
const QUALIFIERS = new Set(
  (
    'old new current previous other another second first main whole entire same own personal ' +
    'existing paid unpaid free trial monthly yearly annual weekly active inactive expired ' +
    'cancelled canceled locked disabled frozen blocked shared joint family business test demo ' +
    'user users admin admins whole every each this that your their whose which what ' +
    // Whose or which account an operator acts on: 'disable someone's account', 'spam accounts'.
    'someones someone spam spammer spammers compromised hacked staff some many all login'
  ).split(' '),
);
/**
 * The keypad is drawn as a phone: 'the phone screen' is Omega's; 'my phone screen' is still the
 * asker's phone's ('how do i lock my phone screen').
 */
const PHONE_SCREEN = /^phones?('?s)? screen$/;
const isKeypadScreen = (q: string, place: RegExpExecArray) =>
  PHONE_SCREEN.test(place[0]) && !q.slice(0, place.index).endsWith('my ');
const DEVICE_PARTS =
  /\b(browser|browsers|phone|phones|laptop|laptops|computer|computers|pc|tv|car|cars|router|modem|wifi|printer|tablet|watch)('?s)? (password|ads|software|os|operating system|updates?|contacts|speed|faster|slower|cache|history|settings|extensions?|bookmarks|storage|screen|lock screen|wallpaper|battery|camera|passcode|home screen|ringtone|volume|contract|bill|insurance|repair|warranty)\b/;

/**
 * Small talk the other-topic lists do not name: a word to test the chat, friendship, and writing
 * something creative, which is not a question about Omega even when it names the keypad ('write
 * a story about a keypad that comes alive').
 */
const SMALL_TALK: readonly RegExp[] = [
  /\b(write|draft|compose|make up|tell|give) (me )?(a|an|my|some|the) (\w+ )?(letter|essay|speech|story|stories|poem|poems|song|songs|joke|jokes|riddle|haiku|limerick|rap|novel|fairy tale|bedtime story)\b/,
  /^\s*(test|testing|ping|asdf\w*|qwerty\w*)( \d+| test| testing)*\W*$/,
  // History of things, even Omega's words: 'who invented the keypad'.
  /^who (invented|discovered)\b/,
  /\b(be|become) (my |your |our )?(best )?friends?\b/,
  /\bhappy (monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|holidays|new year)\b/,
  /\bwhat should i (have|eat|cook|make) for (breakfast|lunch|dinner|supper)\b/,
];

const PRODUCTS = new Set(PRODUCT_WORDS);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Asking how to change or do something ('turn on dark mode in chrome', 'how do i clear ...'): with
 * a product named as where, it is that product's setting. A report ('the page is blank in
 * chrome') stays a question about Omega.
 */
const CHANGE_REQUEST =
  /^(how (do|can|to|would|should) (i |you |we )?|can (i|you) |please )?(turn|switch|increase|decrease|raise|lower|change|clear|enable|disable|set|make|reset|delete|remove|install|uninstall|update|add|block|allow|unblock|get rid of|find|see|view|download|export|sync|backup|back up)\b/;
/** 'in chrome', 'on instagram': a product named as where the thing is done. */
const IN_PRODUCT = new RegExp(
  `\\b(in|on|using|via|from|inside) (google |microsoft |apple |my |the )?(${PRODUCT_WORDS.map(escapeRegExp).join('|')})\\b`,
);

/**
 * The question's words the help never uses (after typo correction), as typed, leaving out the
 * words of the request itself ('recommend', 'translate'): they say what is asked, not about what.
 * With `first`, only the first content word counts: the object of a task ('explain X').
 */
function unknownWords(index: HelpIndex, query: string, request: string, first = false): string[] {
  const asked = new Set(request.split(/[^\p{L}\p{N}]+/u));
  const words = index
    .analyse(query)
    .filter((w) => !/^\d+$/.test(w.word) && !asked.has(w.word.toLowerCase()));
  return (first ? words.slice(0, 1) : words).filter((w) => !w.known).map((w) => w.word);
}

export function firstMatch(patterns: readonly RegExp[], q: string): string | undefined {
  for (const re of patterns) {
    const m = re.exec(q);
    if (m) return m[0];
  }
  return undefined;
}

/**
 * The shape of request that makes the question not the help's, if it has one and nothing anchors
 * it in Omega. `q` is the normalised question (lower case, no apostrophes), `typed` the question
 * as typed (for identifiers' capitals).
 */
export function generalRequestIn(
  index: HelpIndex,
  q: string,
  typed: string,
): GeneralRequest | undefined {
  const small = firstMatch(SMALL_TALK, q);
  if (small) return { kind: 'small-talk', match: small };
  if (OMEGA_NAMED.test(q)) return undefined;

  if (!CODE_ANCHORS.test(q)) {
    const code = firstMatch(CODE, q);
    if (code) return { kind: 'code', match: code };
    for (const [identifier] of typed.matchAll(IDENTIFIER)) {
      if (!index.knows(identifier)) return { kind: 'code', match: identifier };
    }
  }

  const market = firstMatch(MARKET, q);
  if (market && !/\b(keypad|ussd|buy menu|usdc)\b/.test(q))
    return { kind: 'market', match: market };

  if (!PLACE_ANCHORS.test(q)) {
    const place = (CHANGE_REQUEST.test(q) ? IN_PRODUCT.exec(q) : null) ?? DEVICE_PARTS.exec(q);
    if (place && !isKeypadScreen(q, place)) return { kind: 'elsewhere', match: place[0] };
  }
  for (const m of q.matchAll(SERVICE_NOUNS)) {
    const owner = m[1] ?? '';
    if (QUALIFIERS.has(owner)) continue;
    if (!index.knows(owner) || PRODUCTS.has(owner)) return { kind: 'elsewhere', match: m[0] };
  }

  const sum = ARITHMETIC.exec(q);
  if (sum) return { kind: 'task', match: sum[0] };
  const general = IN_GENERAL.exec(q);
  if (general) return { kind: 'task', match: general[0] };
  const compared = firstMatch(COMPARE_OR_DEFINE, q);
  if (compared) {
    const [unknown] = unknownWords(index, q, compared);
    if (unknown) return { kind: 'task', match: `${compared} … ${unknown}` };
  }
  const task = TASK.map((re) => re.exec(q)).find((m) => m !== null);
  if (task) {
    const [object] = unknownWords(index, q.slice(task.index + task[0].length), '', true);
    if (object) return { kind: 'task', match: `${task[0]} … ${object}` };
  }
  const advice = firstMatch(ADVICE, q);
  if (advice && !PLAN_WORDS.test(q)) {
    const forSomeone = FOR_SOMEONE.exec(q);
    if (forSomeone) return { kind: 'advice', match: `${advice} … ${forSomeone[0]}` };
    const [unknown] = unknownWords(index, q, advice);
    if (unknown) return { kind: 'advice', match: `${advice} … ${unknown}` };
  }
  return undefined;
}
