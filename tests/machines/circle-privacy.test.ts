import { describe, expect, it } from 'vitest';
import type { PersonalDetailKind } from '../../contract/circle';
import { findPersonalDetails, westernDigits } from '../../contract/circle-privacy';

/**
 * The check a circle post passes before it leaves (issue 27): personal details are found in both
 * languages, with Western and Arabic digits; ordinary sentences about ages, years and weeks are not.
 */
const kinds = (text: string) => findPersonalDetails(text).map((d) => d.kind);
const found = (text: string) => findPersonalDetails(text).map((d) => [d.kind, d.match]);

const positives: [string, PersonalDetailKind, string][] = [
  ['call me on 0791234567 please', 'phone', '0791234567'],
  ['my number +962 79 123 4567', 'phone', '+962 79 123 4567'],
  ['text 079-123-4567 anytime', 'phone', '079-123-4567'],
  ['reach me at (06) 555.1234', 'phone', '(06) 555.1234'],
  ['رقمي ٠٧٩١٢٣٤٥٦٧ كلميني', 'phone', '٠٧٩١٢٣٤٥٦٧'],
  ['رقمي ۰۷۹ ۱۲۳ ۴۵۶۷', 'phone', '۰۷۹ ۱۲۳ ۴۵۶۷'],
  ['اتصلي على +٩٦٢ ٧٩ ١٢٣ ٤٥٦٧', 'phone', '+٩٦٢ ٧٩ ١٢٣ ٤٥٦٧'],
  ['write to sara.k@gmail.com', 'email', 'sara.k@gmail.com'],
  ['ايميلي mona_88@hotmail.co.uk شكرا', 'email', 'mona_88@hotmail.co.uk'],
  ['mail sara at gmail dot com', 'email', 'sara at gmail dot com'],
  ['see https://example.com/page?x=1.', 'link', 'https://example.com/page?x=1'],
  ['go to www.mysite.org', 'link', 'www.mysite.org'],
  ['visit example.com for more', 'link', 'example.com'],
  ['the clinic is at clinic.jo', 'link', 'clinic.jo'],
  ['join wa.me/962791234567', 'link', 'wa.me/962791234567'],
  ['my channel t.me/sisters', 'link', 't.me/sisters'],
  ['موقعي shop.com.sa', 'link', 'shop.com.sa'],
  ['follow @sara_22 there', 'handle', '@sara_22'],
  ['my insta is sara', 'handle', 'my insta is sara'],
  ['snap: moon.light', 'handle', 'snap: moon.light'],
  ['add me on tiktok lulu', 'handle', 'add me on tiktok lulu'],
  ['telegram sara_99', 'handle', 'telegram sara_99'],
  ['whatsapp 0791234567', 'handle', 'whatsapp 0791234567'],
  ['كلميني واتساب 0791234567', 'handle', 'واتساب 0791234567'],
  ['سنابي sara_22', 'handle', 'سنابي sara_22'],
  ['انستغرام: سارة', 'handle', 'انستغرام: سارة'],
  ['تيك توك lulu.k', 'handle', 'تيك توك lulu.k'],
  ['Hi, my name is Sara and I', 'name', 'my name is Sara'],
  ["my name's Lina", 'name', "my name's Lina"],
  ['I am called Huda here', 'name', 'I am called Huda'],
  ['مرحبا اسمي سارة وعمري ٢٠', 'name', 'اسمي سارة'],
  ['أنا اسمي منى', 'name', 'أنا اسمي منى'],
  ['إسمي هدى', 'name', 'إسمي هدى'],
];

const negatives = [
  'I was 14 when my periods started',
  'after 3 months it stopped',
  'it happened 3 times in 2024',
  'between 2019-2024 I had two losses',
  'my last period was on 12.03.2024',
  'scan on 2024-03-12 was fine',
  'I take 500 mg twice a day',
  'كان عمري ١٤ سنة عندما بدأت الدورة',
  'بعد ٣ أشهر توقفت',
  'حصل ذلك ٣ مرات في ٢٠٢٤',
  'I read on instagram that it helps',
  'my instagram is full of ads',
  'my name is not important',
  'اسمي ليس مهما',
  'I was so tired.So I slept',
  'e.g. iron, i.e. the pill',
  'about 3.5 kg at birth',
  'I felt at home with the group. Thank you',
  'قرأت على انستغرام أن هذا يساعد',
  'at 10:30 I woke up',
  'at 7 weeks, 6 days',
];

describe('findPersonalDetails', () => {
  it.each(positives)('finds in %j a %s: %j', (text, kind, match) => {
    expect(found(text)).toContainEqual([kind, match]);
  });

  it.each(negatives)('finds nothing in %j', (text) => {
    expect(findPersonalDetails(text)).toEqual([]);
  });

  it('gives every detail in order, with where it starts', () => {
    const text = 'my name is Sara, mail sara@x.com or 0791234567';
    const details = findPersonalDetails(text);
    expect(details.map((d) => d.kind)).toEqual(['name', 'email', 'phone']);
    for (const d of details) expect(text.slice(d.index, d.index + d.match.length)).toBe(d.match);
  });

  it('counts a link holding a number as one link', () => {
    expect(kinds('wa.me/962791234567')).toEqual(['link']);
  });

  it('reads Arabic digits as Western ones, one for one', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ x')).toBe('0123456789 0123456789 x');
  });
});
