// What a question about something other than Omega names: other products and services, and the
// words of general topics (space, food, health, travel, sport, money markets, ...). Written domain
// by domain from general knowledge, a word per thing rather than a phrase per eval question. A
// word counts only while the help itself does not use it (relevance.ts asks the index), so an
// article that starts to mention a product ('Stripe's model', 'Africa's Talking', Docker) makes
// questions naming it Omega's again.
//
// Left out on purpose, because questions about Omega use them too: people and time words
// (friend, family, morning, weekend), countries (phone numbers are international), words the help
// uses in another sense (key, lock, star, history, plan, match, score, cookie, session, engine,
// ledger, zoom for text size), devices' generic names (phone, browser, computer, keyboard), and
// what a question about sign-in or offline use may mention (wifi, carrier, delivery of an SMS,
// reception, certificates), and what Omega's own questions name (decision 006, twelfth round): a
// user's screenshot or picture of a screen, emoji in a username, a pc or browser it happens on,
// a husband or wife sharing a laptop, eth and ethereum (the keypad's buy menu is asked about them).

/** Products, services and brands other than Omega's, one word each (stemmed when matched). */
const PRODUCTS = `
netflix spotify hulu disney hbo youtube twitch deezer soundcloud audible kindle showmax dstv
crunchyroll peacock paramount itunes
facebook instagram whatsapp tiktok twitter snapchat telegram linkedin reddit pinterest discord
tumblr wechat viber skype messenger tinder bumble grindr onlyfans quora
gmail outlook hotmail yahoo protonmail icloud
amazon ebay alibaba aliexpress temu shein etsy walmart ikea costco takealot jumia shopify
uber lyft airbnb expedia ryanair tripadvisor doordash deliveroo
paypal venmo zelle cashapp revolut monzo skrill payoneer moneygram mpesa alipay klarna afterpay
visa mastercard amex chase wellsfargo citibank hsbc barclays santander fnb absa nedbank capitec
coinbase binance kraken metamask bybit kucoin okx luno valr trezor robinhood
electrum trustwallet bitpay etoro webull bitstamp bitfinex
transferwise remitly worldremit n26 nubank paystack flutterwave opay palmpay
kuda ecocash momo yoco payfast snapscan zapper eskom duolingo tplink netgear linksys tailwind
dogecoin doge solana litecoin ripple xrp cardano tether usdt shiba nft
vodacom mtn airtel safaricom telkom verizon vodafone tmobile
iphone ipad macbook imac airpods android samsung huawei xiaomi nokia motorola oneplus
chromebook playstation ps4 ps5 xbox nintendo macos ios windows ubuntu linux
microsoft excel powerpoint photoshop canva figma dropbox onedrive wordpress wix squarespace
salesforce quickbooks jira trello slack notion github gitlab
nginx apache caddy traefik jest mocha cypress webpack gcp memcached nosql mongodb mysql mariadb
oracle oauth heroku vercel netlify cloudflare digitalocean
chatgpt openai gemini copilot siri alexa cortana midjourney
chrome opera
fortnite minecraft roblox pubg steam
tesla toyota bmw ford honda mercedes audi volkswagen nissan
mcdonalds kfc starbucks dominos nandos
`;

/** Words of general topics that a question about Omega has no reason to use. */
const GENERAL = `
planet moon jupiter saturn mars venus mercury neptune uranus pluto galaxy universe asteroid comet
eclipse orbit gravity astronaut nasa telescope
atom molecule photosynthesis dna evolution dinosaur volcano earthquake ocean sea river lake
mountain everest desert island continent celsius fahrenheit temperature climate weather rain
snow storm hurricane tornado forecast sunny humidity
recipe cook cooking bake baking pizza pasta bread cake banana apple orange calorie protein vegan
vegetarian restaurant coffee tea wine beer cocktail chocolate cheese egg rice soup salad burger
sandwich steak chicken meat fish vegetable fruit tomato potato onion garlic spice pancake
spaghetti biscuit sugar
doctor hospital nurse medicine medication vaccine virus covid flu fever cough headache
symptom disease cancer diabetes pregnant pregnancy surgery dentist tooth teeth muscle bone
diet weight exercise workout gym yoga allergy anxiety depression therapy pill
car truck tire tyre motorcycle bicycle bike bus flight airplane airport airline
passport hotel vacation holiday luggage cruise taxi parking petrol gasoline diesel mechanic
garden flower lawn yard furniture sofa kitchen bathroom bedroom toilet plumbing plumber roof
carpet laundry fridge oven microwave lightbulb bulb ants cockroach mold electrician
football soccer cricket rugby basketball baseball tennis golf hockey boxing olympics nba nfl
fifa uefa stadium marathon athlete
movie film song music album singer concert lyrics poem poetry novel actor actress celebrity
anime cartoon painting museum theatre joke riddle horoscope zodiac
president minister king queen prince election vote voting government war ww1 ww2 wwii army
apartheid spreadsheet
empire roman medieval church bible religion politics
homework essay exam university college teacher equation algebra calculus geometry physics
chemistry biology grammar translate translation french spanish german italian chinese
japanese portuguese swahili zulu afrikaans math
paris london tokyo berlin lagos nairobi johannesburg durban
dog puppy cat kitten horse cow bird spider snake lion tiger elephant shark whale insect
rabbit pet animal zoo
bank atm stock stocks broker brokerage investment investing portfolio dividend forex
mortgage loan debt tax taxes insurance pension retirement salary inflation recession economy
gdp lottery casino gambling bet mining miner rand zar naira euro euros yen rupee peso
shilling cedi
python java javascript php ruby golang kotlin html div flexbox regex kubernetes aws azure const
terraform vim emacs vscode recursion tcp udp bluetooth printer laptop mac tablet router
modem sim puk vpn antivirus malware wallpaper ringtone usb charger battery
headphones earbuds smartwatch photo camera video selfie
cv interview startup
girlfriend boyfriend wedding marriage divorce birthday christmas halloween valentine
lawyer court police
airtime roaming prepaid postpaid voicemail hotspot broadband fibre
game games gaming chess sudoku poker crossword puzzle wordle skyrim zelda doom
editor firmware playstore licence license parcel courier shipping electricity water gas meter
rent tenant landlord door doors garage registrar
ads adverts advert advertisement advertisements adblock adblocker tv television
`;

/** Names of more than one word, and ambiguous words only in the company that makes them other. */
export const OTHER_PHRASES: readonly RegExp[] = [
  /\b(western union|cash app|prime video|apple pay|google pay|samsung pay|m-pesa|new york|cape town|trust wallet|smart lock|smart home|leap year|tp-link|blockchain\.com|orange money|airtel money|x premium|twitter blue)\b/,
  /\b((crypto|cryptocurrency|bitcoin|stock) exchanges?|on an exchange)\b/,
  /\b(world cups?|super bowls?|black friday|stock markets?|real estate|credit scores?|solar systems?)\b/,
  /\bzoom (meeting|call|link|app|account|billing|subscription|plan|webinar|recording|pro|business)s?\b/,
  /\b(microsoft )?teams (meeting|call|chat)s?\b/,
  /\b(microsoft word|word document|google docs?)\b/,
  /\b(capital|population|president|currency) of\b/,
  /\b(credit|debit|gift|sim|id|identity|loyalty|library|student) cards?\b/,
  /\b(email|e-mail|bank|savings|cheque|checking|social media) accounts?\b/,
  /\b(latest|todays) news\b/,
  /\bmine (bitcoin|btc|crypto|ethereum|coins?)\b/,
  /\bwho (invented|discovered|wrote|painted|won|sang|directed)\b/,
  /\bwho (was|were) the (first|last) (person|man|woman|people|humans?|president|king|queen)\b/,
  /\bhow (tall|far|deep|heavy) (is|are|was)\b/,
  // Units: 'how many minutes in a day', 'how many ounces are in a pound'.
  /\bhow many (seconds|minutes|hours|days|weeks|months|years|ounces|grams|kilograms|kilos|pounds|inches|feet|metres|meters|miles|kilometres|kilometers|cups|litres|liters|teaspoons|tablespoons) (are )?(there )?in (a|an|one)\b/,
  /\bwhat (time|day|date) is it\b/,
  /\b\d+ ?(times|plus|minus|divided by|multiplied by) ?\d+\b/,
  /\bspeed of (light|sound)\b/,
  /\b(sun ?(set|rise)s?|moon ?(rise|set)s?)\b/,
  /\bmeaning of life\b/,
  // A person's death: what becomes of their money or accounts is inheritance, which the help
  // does not cover. 'Dies' alone is Omega's ('the session dies', 'my wifi dies halfway'), so only
  // a person dying counts.
  /\b(when|if|after|once|before) (i|we|he|she|they|someone|somebody|a person|the owner|a user|my (husband|wife|partner|mother|mom|mum|father|dad|parents?|son|daughter|brother|sister|grandmother|grandfather|relative|spouse)) (die|dies|died|pass away|passes away|passed away)\b/,
  /\b(after|upon|on) (my|his|her|their|someones) death\b|\binherit(s|ed|ance)?\b/,
];

/** Small talk addressed to the assistant rather than a question about Omega. */
export const CHIT_CHAT: readonly RegExp[] = [
  /\b(your name|who (made|built|created|are) you|how old are you|where are you from)\b/,
  /\bare you (a |an )?(robot|human|bot|real|ai|alive|sentient|conscious|chatgpt|married)\b/,
  /\b(how are you|hows it going|nice to meet you|how is your day)\b/,
  /^\s*(whats up|wassup|sup|yo|howdy|hiya)\W*$/,
  /^\s*(thank you|thank u|thanks|thanx|thx|cheers|ty|tysm)( so much| a lot| very much| again)?\W*$/,
  /\b(pick|choose|give me|think of) a (random )?number\b|\b(flip|toss) a coin\b|\broll (a |the )?dice?\b/,
  /\btell me (something|anything) (interesting|funny|fun|cool|new|random)\b/,
  /\b(fun|random|interesting) facts?\b/,
  /\b(i love you|do you (love|like) me|will you marry me)\b/,
  /\byour (favou?rite|opinion|age|feelings?|family|hobby|hobbies)\b/,
  /\bdo you (dream|sleep|eat|feel|have feelings)\b/,
  /\bcan you (keep a secret|dance|sing|feel|see me|hear me)\b/,
  /\byou are (stupid|useless|dumb|smart|great|awesome|funny|boring)\b/,
  /\b(im bored|im sad|im lonely|i feel (sad|lonely|bored))\b/,
  /\bgood (morning|afternoon|evening|night)\b/,
  /\b(sing|tell|write) (me )?(a |an )?(song|joke|story|poem|riddle)\b/,
  // Writing or choosing something for the asker is not a question about Omega.
  /\b(write|draft) (me )?(a|an|my) (\w+ )?(letter|essay|email|speech|cv|resume|report|story|poem|song)\b/,
  /\brecommend (me )?(a |an |some )?(good )?(book|movie|film|song|restaurant|show|series|game|podcast)s?\b/,
  /^\s*(lol|haha+|lmao|bye|goodbye|wow)\W*$/,
];

const words = (list: string) => list.split(/\s+/).filter(Boolean);

/** The other products' names, each as written. */
export const PRODUCT_WORDS: readonly string[] = words(PRODUCTS);

/** The other products' and general topics' words, each as written. */
export const OTHER_WORDS: readonly string[] = [...words(PRODUCTS), ...words(GENERAL)];
