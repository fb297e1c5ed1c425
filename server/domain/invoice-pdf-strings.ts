/**
 * The invoice PDF's words and number formats, in English and Arabic.
 *
 * Numbers: the app formats with `Intl` in the member's language (`en` / `ar`); on current ICU
 * (Node 20, Chromium) Arabic resolves to Latin digits ("‏1,234.50 US$"), so the invoice asks for
 * them explicitly (`nu-latn`) and stays the same on an ICU whose Arabic default differs.
 * Dates: Gregorian, in UTC, the same calendar year the invoice number counts in.
 * Amounts always show cents: it is a tax document.
 *
 * Arabic amounts: Intl gives "‏84.11 US$" (RLM, number, currency). Laid out by the bidi algorithm
 * in a right-to-left line, its trailing "$" resolves right to left and lands on the far side of
 * "US" ("$US 84.11"; Chromium shows the app's amounts that way too). The invoice therefore
 * writes each Arabic amount as one left-to-right unit, the currency where Intl's right-to-left
 * rendering means it to be (on the left of the number): "US$ 84.11", "−US$ 8.90". Negative
 * amounts use the real minus sign (U+2212) in both languages.
 */
import type { InvoiceDocument } from '../../contract/commerce.ts';

export type InvoiceLanguage = InvoiceDocument['language'];

export interface InvoiceStrings {
  brand: string;
  tagline: string;
  title: string;
  number: string;
  date: string;
  billedTo: string;
  memberId: string;
  description: string;
  amount: string;
  subtotal: string;
  discount: string;
  promoCode: (code: string) => string;
  consultationFee: string;
  merchantCharges: string;
  vat: (percent: string) => string;
  total: string;
  amountPaid: string;
  paidWith: string;
  card: (brand: string, last4: string) => string;
  noPayment: string;
  currencyNote: string;
  note: (percent: string) => string;
  page: (n: number, of: number) => string;
  documentTitle: (number: string) => string;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export const STRINGS: Record<InvoiceLanguage, InvoiceStrings> = {
  en: {
    brand: 'Amina',
    tagline: "Women's health, in confidence",
    title: 'Tax invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    billedTo: 'Billed to',
    memberId: 'Member ID',
    description: 'Description',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    promoCode: (code) => `Promo code ${code}`,
    consultationFee: 'Consultation fee',
    merchantCharges: 'Merchant charges',
    vat: (percent) => `VAT (${percent})`,
    total: 'Total',
    amountPaid: 'Amount paid',
    paidWith: 'Paid with',
    card: (brand, last4) => `${BRANDS[brand.toLowerCase()] ?? brand} •••• ${last4}`,
    noPayment: 'No payment needed',
    currencyNote: 'All amounts are in US dollars.',
    note: (percent) =>
      `The total includes VAT at ${percent}. Courses are non-refundable, as set out in our terms of use.`,
    page: (n, of) => `Page ${n} of ${of}`,
    documentTitle: (number) => `Amina tax invoice ${number}`,
  },
  ar: {
    brand: 'أمينة',
    tagline: 'صحة المرأة، بسرية تامة',
    title: 'فاتورة ضريبية',
    number: 'رقم الفاتورة',
    date: 'تاريخ الفاتورة',
    billedTo: 'صادرة إلى',
    memberId: 'رقم العضوية',
    description: 'البيان',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    promoCode: (code) => `رمز الخصم ${code}`,
    consultationFee: 'رسوم الاستشارة',
    merchantCharges: 'رسوم معالجة الدفع',
    vat: (percent) => `ضريبة القيمة المضافة (${percent})`,
    total: 'الإجمالي',
    amountPaid: 'المبلغ المدفوع',
    paidWith: 'طريقة الدفع',
    // The Latin part isolated (LRI … PDI) so it reads "Visa •••• 4242" in the right-to-left line.
    card: (brand, last4) => `بطاقة \u2066${BRANDS[brand.toLowerCase()] ?? brand} •••• ${last4}\u2069`,
    noPayment: 'لم يلزم أي دفع',
    currencyNote: 'جميع المبالغ بالدولار الأمريكي.',
    note: (percent) =>
      `يشمل الإجمالي ضريبة القيمة المضافة بنسبة ${percent}. الدورات غير قابلة للاسترداد وفقًا لشروط الاستخدام.`,
    page: (n, of) => `الصفحة ${n} من ${of}`,
    documentTitle: (number) => `فاتورة ضريبية من أمينة ${number}`,
  },
};

/**
 * The words of a document of this kind: a course invoice (STRINGS), a consultation's invoice (its
 * note states the cancellation refunds, spec §9) or a refund's credit note (issue 10).
 */
export function stringsFor(doc: InvoiceDocument): InvoiceStrings {
  const base = STRINGS[doc.language];
  const en = doc.language === 'en';
  if (doc.kind === 'consultation')
    return {
      ...base,
      note: (percent) =>
        en
          ? `The total includes VAT at ${percent}. A consultation cancelled 48 hours or more before it starts is refunded in full, 24 hours or more before it at 50 %, and not refunded on the same day or after a missed call.`
          : `يشمل الإجمالي ضريبة القيمة المضافة بنسبة ${percent}. تُستردّ قيمة الاستشارة كاملةً عند إلغائها قبل موعدها بثمانٍ وأربعين ساعة أو أكثر، ونصفُها عند إلغائها قبله بأربع وعشرين ساعة أو أكثر، ولا تُستردّ عند الإلغاء في اليوم نفسه أو عند عدم الحضور.`,
    };
  if (doc.kind === 'creditNote') {
    const ref = doc.refersTo ?? '';
    const share = `${doc.refundPercent ?? 100}`;
    return {
      ...base,
      title: en ? 'Credit note' : 'إشعار دائن',
      number: en ? 'Credit note number' : 'رقم الإشعار',
      date: en ? 'Date' : 'التاريخ',
      total: en ? 'Total credited' : 'إجمالي المبلغ المُعاد',
      amountPaid: en ? 'Amount refunded' : 'المبلغ المُسترد',
      paidWith: en ? 'Refunded to' : 'أُعيد المبلغ إلى',
      noPayment: en ? 'Nothing to refund' : 'لا يوجد مبلغ للاسترداد',
      note: (percent) =>
        en
          ? `This credit note refunds ${share} % of invoice ${ref}, VAT at ${percent} included, for a cancelled consultation.`
          : `يردّ هذا الإشعار ${share}٪ من قيمة الفاتورة \u2066${ref}\u2069، شاملةً ضريبة القيمة المضافة بنسبة ${percent}، عن استشارة أُلغيت.`,
      documentTitle: (number) => (en ? `Amina credit note ${number}` : `إشعار دائن من أمينة ${number}`),
    };
  }
  return base;
}

const LOCALES: Record<InvoiceLanguage, string> = {
  en: 'en-US',
  ar: 'ar-u-nu-latn',
};

export interface Formatters {
  money: (cents: number) => string;
  percent: (whole: number) => string;
  date: (date: Date) => string;
  number: (n: number) => string;
}

const formatterCache = new Map<InvoiceLanguage, Formatters>();

export function formatters(language: InvoiceLanguage): Formatters {
  let f = formatterCache.get(language);
  if (!f) {
    const locale = LOCALES[language];
    const money = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const date = new Intl.DateTimeFormat(`${locale}${language === 'ar' ? '-ca-gregory' : '-u-ca-gregory'}`, {
      dateStyle: 'long',
      timeZone: 'UTC',
    });
    const number = new Intl.NumberFormat(locale);
    f = {
      money: (cents) => formatMoney(money, language, cents),
      percent: (whole) => percent.format(whole / 100),
      date: (d) => date.format(d),
      number: (n) => number.format(n),
    };
    formatterCache.set(language, f);
  }
  return f;
}

const BIDI_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

function formatMoney(format: Intl.NumberFormat, language: InvoiceLanguage, cents: number): string {
  const sign = cents < 0 ? '\u2212' : '';
  const abs = Math.abs(cents) / 100;
  if (language !== 'ar') return sign + format.format(abs);
  const parts = format.formatToParts(abs);
  const currency = parts.filter((p) => p.type === 'currency').map((p) => p.value);
  const number = parts
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('')
    .replace(BIDI_MARKS, '');
  return `${sign}${currency.join('')}\u00A0${number}`;
}
