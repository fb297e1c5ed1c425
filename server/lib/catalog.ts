/**
 * Reference data the account domain validates against. Ids are part of the API contract;
 * avatars and questions are also seeded into the database so rows can reference them.
 */
import { AVATARS } from '../../contract/avatars.ts';
import type { Locale } from './i18n.ts';

type Localized = Record<Locale, string>;

export const SECURITY_QUESTIONS = [
  {
    id: 'mother_maiden_name',
    text: { en: "What is your mother's maiden name?", ar: 'ما اسم عائلة والدتك قبل الزواج؟' },
  },
  { id: 'birth_city', text: { en: 'In which city were you born?', ar: 'في أي مدينة وُلدتِ؟' } },
  {
    id: 'childhood_best_friend',
    text: {
      en: 'What was the name of your best friend in childhood?',
      ar: 'ما اسم صديقتك المقرّبة في الطفولة؟',
    },
  },
  {
    id: 'childhood_nickname',
    text: { en: 'What was your childhood nickname?', ar: 'ما اللقب الذي كانوا ينادونك به في طفولتك؟' },
  },
  {
    id: 'favourite_book_or_movie',
    text: { en: 'What is your favourite book or movie?', ar: 'ما كتابك أو فيلمك المفضّل؟' },
  },
  {
    id: 'childhood_street',
    text: { en: 'What was the name of the street you grew up on?', ar: 'ما اسم الشارع الذي نشأتِ فيه؟' },
  },
  { id: 'favourite_food', text: { en: 'What is your favourite food?', ar: 'ما طبقك المفضّل؟' } },
] as const satisfies readonly { id: string; text: Localized }[];

export type SecurityQuestionId = (typeof SECURITY_QUESTIONS)[number]['id'];
export const SECURITY_QUESTION_IDS = SECURITY_QUESTIONS.map((q) => q.id) as [
  SecurityQuestionId,
  ...SecurityQuestionId[],
];
const questionById = new Map<string, (typeof SECURITY_QUESTIONS)[number]>(
  SECURITY_QUESTIONS.map((q) => [q.id, q]),
);
export function questionText(id: string, locale: Locale): string | undefined {
  return questionById.get(id)?.text[locale];
}

export { AVATARS };

const avatarById = new Map<string, (typeof AVATARS)[number]>(AVATARS.map((a) => [a.id, a]));
export function isAvatarId(id: string): boolean {
  return avatarById.has(id);
}
export function avatarView(id: string, locale: Locale): { id: string; url: string; label: string } | null {
  const a = avatarById.get(id);
  return a ? { id: a.id, url: `/avatars/${a.id}.svg`, label: a.label[locale] } : null;
}

/** ISO 3166-1 alpha-2, officially assigned codes (249). */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);
