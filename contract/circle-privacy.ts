/**
 * Personal details in a circle post (issue 27): phone numbers, e-mail addresses, links, social
 * media names and "my name is …", in English and Arabic, with Western, Arabic-Indic (٠-٩) and
 * Eastern Arabic-Indic (۰-۹) digits. The composer asks her to remove them before a post leaves;
 * the server asks the same question of what arrives. Plain TypeScript only: it runs in both.
 */
import type { PersonalDetailKind } from './circle.ts';

export interface PersonalDetail {
  kind: PersonalDetailKind;
  /** The text as she wrote it. */
  match: string;
  /** Where it starts in the text (for highlighting). */
  index: number;
}

/** Arabic-Indic and Eastern Arabic-Indic digits as Western ones, one character for one. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String((code >= 0x06f0 ? code - 0x06f0 : code - 0x0660) % 10);
  });
}

const NOT_BEFORE = '(?<![\\p{L}\\p{N}_])';
const NOT_AFTER = '(?![\\p{L}\\p{N}_])';

// ------------------------------------------------------------------ phone numbers

/** Digits in groups joined by at most three of: space, dash, dot, parentheses. */
const PHONE = /(?<![\p{L}\p{N}_.])(?:\+|\(\+?)?\d+(?:[ \t\u00A0.\-()]{1,3}\d+)*\)?/gu;
const DATE_LIKE = [
  /^\d{4}[-.]\d{1,2}[-.]\d{1,2}$/, // 2024-03-12
  /^\d{1,2}[-.]\d{1,2}[-.]\d{2,4}$/, // 12.03.2024
  /^(?:19|20)\d\d\s*[-–]\s*(?:19|20)\d\d$/, // 2019 - 2024
];

function phones(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  for (const m of westernDigits(text).matchAll(PHONE)) {
    const raw = m[0].replace(/[ \t\u00A0.\-(]+$/, '');
    const digits = raw.replace(/\D/g, '').length;
    if (digits < 7 || DATE_LIKE.some((d) => d.test(raw))) continue;
    found.push({ kind: 'phone', match: text.slice(m.index, m.index + raw.length), index: m.index });
  }
  return found;
}

// ------------------------------------------------------------------ e-mail addresses and links

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[\p{L}]{2,}/gu;
/** "sara at gmail dot com", "sara (at) gmail (dot) com". */
const EMAIL_SPOKEN =
  /(?<![\p{L}\p{N}_])[A-Za-z0-9._%+-]+\s*[([]?\s*\bat\b\s*[)\]]?\s*[A-Za-z0-9-]+\s*[([]?\s*\bdot\b\s*[)\]]?\s*(?:com|net|org|co|edu|gov|info|[a-z]{2})\b/giu;

const URL_SCHEME = /\bhttps?:\/\/[^\s<>"']+/giu;
const WWW = /\bwww\.[^\s<>"']+/giu;
/** Top-level names that are hardly ever the end of a word. */
const GENERIC_TLDS =
  'com|net|org|info|biz|io|app|dev|xyz|online|site|shop|store|link|live|me|co|ly|gg|tv|ws|cc|to|gl|page|blog|club';
/** Country names of the region and beyond; lower case only ("tired.So" is a sentence). */
const COUNTRY_TLDS =
  'sa|ae|eg|jo|lb|kw|qa|bh|om|ma|dz|tn|iq|sy|ps|ly|sd|ye|tr|ir|pk|in|uk|us|ca|au|de|fr|nl|es|it|ru|ch|be|se|no|dk|pl|cn|jp|kr|ng|ke|za';
/** Bare domains; whether a country name counts is decided in `lowerCountryOnly`. */
const BARE_DOMAIN_CI = new RegExp(
  `${NOT_BEFORE}(?<![@.])(?:[A-Za-z0-9-]+\\.)+(?:${GENERIC_TLDS}|${COUNTRY_TLDS})${NOT_AFTER}(?:/[^\\s<>"']*)?`,
  'giu',
);

function lowerCountryOnly(match: string): boolean {
  const host = match.split('/')[0] ?? match;
  const tld = host.slice(host.lastIndexOf('.') + 1);
  const generic = GENERIC_TLDS.split('|');
  if (generic.includes(tld.toLowerCase())) return true;
  const second = host.split('.').slice(-2)[0] ?? '';
  if (generic.includes(second.toLowerCase())) return true;
  return tld === tld.toLowerCase() && COUNTRY_TLDS.split('|').includes(tld);
}

function links(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  for (const re of [URL_SCHEME, WWW]) {
    for (const m of text.matchAll(re)) {
      found.push({ kind: 'link', match: trimEnd(m[0]), index: m.index });
    }
  }
  for (const m of text.matchAll(BARE_DOMAIN_CI)) {
    const match = trimEnd(m[0]);
    if (!lowerCountryOnly(match)) continue;
    found.push({ kind: 'link', match, index: m.index });
  }
  return found;
}

function trimEnd(s: string): string {
  return s.replace(/[.,;:!?)\]،؛؟]+$/u, '');
}

// ------------------------------------------------------------------ social media names

const PLATFORMS_EN =
  'snap(?:chat)?|insta(?:gram)?|ig|tik\\s?tok|telegram|whats\\s?app|facebook|fb|twitter|kik|discord|signal';
const PLATFORMS_AR =
  'واتس(?:\\s?اب)?|وتساب|[اإ]نستغرام|[اإ]نستجرام|[اإ]نستا|سناب(?:\\s?شات)?|تيك\\s?توك|تيليجرام|تلغرام|تليجرام|فيسبوك|فيس|تويتر';
/** A handle-looking word: Latin letters, digits, underscores and dots. */
const TOKEN = '@?[A-Za-z0-9_.]{3,30}';
const STOPWORDS = new Set([
  'the',
  'and',
  'that',
  'this',
  'not',
  'was',
  'account',
  'page',
  'group',
  'post',
  'posts',
  'videos',
  'video',
  'about',
  'where',
  'when',
  'who',
  'which',
  'too',
  'very',
  'really',
  'full',
]);

const HANDLE_AT = /(?<![\p{L}\p{N}_.@])@[\p{L}\p{N}_.]{2,30}/gu;
/** "my insta is sara", "snap: sara", "add me on snap sara". */
const HANDLE_CLAIMED = new RegExp(
  `(?:\\bmy\\s+(?:${PLATFORMS_EN})(?:\\s+(?:is|id|name|handle|account))?\\s*[:\\-–]?\\s*|\\b(?:${PLATFORMS_EN})\\s*(?:id|name|handle)?\\s*[:：]\\s*|\\b(?:add|follow|message|text|dm|find)\\s+me\\s+on\\s+(?:${PLATFORMS_EN})\\s*[:\\-–]?\\s*)(${TOKEN}|\\+?\\d[\\d \\-]{5,})`,
  'giu',
);
/** "snap sara_22", "insta @sara": a word that can only be a handle. */
const HANDLE_SHAPED = new RegExp(
  `\\b(?:${PLATFORMS_EN})\\s*(?:is\\s+|id\\s+|me\\s+|[:\\-–]\\s*)?(@?[A-Za-z0-9]*[0-9_.@][A-Za-z0-9_.]*)`,
  'giu',
);
/** "واتساب 0791…", "سنابي sara_22", "انستغرام: سارة". */
const HANDLE_AR = new RegExp(
  `${NOT_BEFORE}(?:على\\s+|عال?)?(?:${PLATFORMS_AR})ي?(?:\\s*[:：\\-–]\\s*([\\p{L}\\p{N}_.@]{2,30})|\\s+(${TOKEN}|\\+?\\p{N}[\\p{N} \\-]{5,}))`,
  'gu',
);

function handles(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  for (const m of text.matchAll(HANDLE_AT)) {
    found.push({ kind: 'handle', match: trimEnd(m[0]), index: m.index });
  }
  for (const re of [HANDLE_CLAIMED, HANDLE_SHAPED, HANDLE_AR]) {
    for (const m of text.matchAll(re)) {
      const token = (m[1] ?? m[2] ?? '').replace(/^@/, '');
      if (token.length < 2 || STOPWORDS.has(token.toLowerCase())) continue;
      if (/^[._]+$/.test(token)) continue;
      found.push({ kind: 'handle', match: trimEnd(m[0].trimEnd()), index: m.index });
    }
  }
  return found;
}

// ------------------------------------------------------------------ "my name is …"

const NAME_STOP_EN = new Set([
  'not',
  'no',
  'a',
  'an',
  'the',
  'irrelevant',
  'private',
  'secret',
  'unimportant',
  'very',
  'so',
  'just',
  'on',
  'in',
  'written',
  'there',
  'here',
  'out',
  'also',
  'still',
  'different',
  'common',
  'hard',
  'long',
  'weird',
  'strange',
  'unusual',
]);
const NAME_STOP_AR = new Set([
  'ليس',
  'ليست',
  'لا',
  'لن',
  'مش',
  'مو',
  'غير',
  'مهم',
  'سر',
  'سري',
  'على',
  'في',
  'عادي',
]);

const NAME_EN =
  /\b(?:my\s+(?:first\s+|real\s+)?name\s*(?:is|'s|’s|:)|i\s*(?:am|'m|’m)\s+called|(?:you\s+can\s+)?call\s+me|they\s+call\s+me)\s+([A-Za-z][A-Za-z'’-]*)/giu;
const NAME_AR = /(?<![\p{L}\p{N}_])(?:(?:أنا|انا)\s+)?(?:[اإأ]سمي|يسمونني|ينادونني)\s*[:：]?\s+([\p{L}]+)/gu;

function names(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  for (const [re, stop] of [
    [NAME_EN, NAME_STOP_EN],
    [NAME_AR, NAME_STOP_AR],
  ] as const) {
    for (const m of text.matchAll(re)) {
      const word = (m[1] ?? '').toLowerCase();
      if (stop.has(word)) continue;
      found.push({ kind: 'name', match: m[0], index: m.index });
    }
  }
  return found;
}

// ------------------------------------------------------------------ all together

/**
 * The personal details in `text`, in the order they appear; where two overlap the longer one
 * wins (a wa.me link holding a phone number is one link).
 */
export function findPersonalDetails(text: string): PersonalDetail[] {
  const candidates = [
    ...emails(text),
    ...links(text),
    ...handles(text),
    ...phones(text),
    ...names(text),
  ].sort((a, b) => a.index - b.index || b.match.length - a.match.length);
  const kept: PersonalDetail[] = [];
  let end = -1;
  for (const c of candidates) {
    if (c.match.length === 0 || c.index < end) continue;
    kept.push(c);
    end = c.index + c.match.length;
  }
  return kept;
}

function emails(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  for (const re of [EMAIL, EMAIL_SPOKEN]) {
    for (const m of text.matchAll(re)) found.push({ kind: 'email', match: m[0], index: m.index });
  }
  return found;
}
