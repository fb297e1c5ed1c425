/** The avatars a member chooses from (and experts are drawn with): ids and their labels in both languages. */
import type { Locale } from './locale.ts';

type Localized = Record<Locale, string>;

export const AVATARS = [
  { id: 'woman-hijab-rose', label: { en: 'Woman in a rose headscarf', ar: 'امرأة بحجاب وردي' } },
  { id: 'woman-hijab-teal', label: { en: 'Woman in a teal headscarf', ar: 'امرأة بحجاب فيروزي' } },
  { id: 'woman-hijab-sand', label: { en: 'Woman in a sand-coloured headscarf', ar: 'امرأة بحجاب رملي' } },
  { id: 'woman-curly-hair', label: { en: 'Woman with curly hair', ar: 'امرأة بشعر مجعّد' } },
  { id: 'woman-long-hair', label: { en: 'Woman with long hair', ar: 'امرأة بشعر طويل' } },
  { id: 'woman-bun', label: { en: 'Woman with her hair in a bun', ar: 'امرأة بشعر مرفوع' } },
  { id: 'date-palm', label: { en: 'Date palm', ar: 'نخلة' } },
  { id: 'crescent', label: { en: 'Crescent moon and stars', ar: 'هلال ونجوم' } },
  { id: 'jasmine', label: { en: 'Jasmine flower', ar: 'زهرة الياسمين' } },
  { id: 'olive-branch', label: { en: 'Olive branch', ar: 'غصن زيتون' } },
  { id: 'geometric-star', label: { en: 'Eight-pointed star', ar: 'نجمة ثمانية' } },
  { id: 'bird', label: { en: 'Bird', ar: 'عصفور' } },
  { id: 'full-moon', label: { en: 'Moon over the dunes', ar: 'قمر فوق الكثبان' } },
  { id: 'lantern', label: { en: 'Lantern', ar: 'فانوس' } },
  { id: 'rose', label: { en: 'Damask rose', ar: 'وردة دمشقية' } },
  { id: 'coffee-pot', label: { en: 'Coffee pot', ar: 'دلّة قهوة' } },
] as const satisfies readonly { id: string; label: Localized }[];
