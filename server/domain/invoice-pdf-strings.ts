/**
 * The invoice PDF's words (from the message catalogue, lang/*.json) and number formats, in English
 * and Arabic.
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
import { type Locale, message, type Values } from '../lib/i18n.ts';

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

/**
 * The words of a document of this kind, from the catalogue (`server.pdf.*`, and the app's own words
 * for the brand and the price lines): a course invoice, a consultation's invoice (its note states the
 * cancellation refunds, spec §9) or a refund's credit note (issue 10).
 */
export function stringsFor(doc: InvoiceDocument): InvoiceStrings {
  const l: Locale = doc.language;
  const t = (id: string, values?: Values) => message(l, id, values);
  const base: InvoiceStrings = {
    brand: t('app.name'),
    // discreet documents (issue 25) say nothing of what the site is about: no tagline
    tagline: doc.discreet ? '' : t('app.tagline'),
    title: t('server.pdf.title'),
    number: t('dashboard.invoices.column.number'),
    date: t('server.pdf.date'),
    billedTo: t('server.pdf.billedTo'),
    memberId: t('server.pdf.memberId'),
    description: t('server.pdf.description'),
    amount: t('server.pdf.amount'),
    subtotal: t('cart.summary.subtotal'),
    discount: t('server.pdf.discount'),
    promoCode: (code) => t('server.pdf.promoCode', { code }),
    consultationFee: t('booking.price.fee'),
    merchantCharges: t('booking.price.merchant'),
    vat: (percent) => t('cart.summary.vat', { percent }),
    total: t('cart.summary.total'),
    amountPaid: t('server.pdf.amountPaid'),
    paidWith: t('server.pdf.paidWith'),
    card: (brand, last4) => t('server.pdf.card', { brand: BRANDS[brand.toLowerCase()] ?? brand, last4 }),
    noPayment: t('server.pdf.noPayment'),
    currencyNote: t('server.pdf.currencyNote'),
    note: (percent) => t('server.pdf.note', { percent }),
    page: (n, of) => t('server.pdf.page', { page: String(n), pages: String(of) }),
    documentTitle: (number) => t('server.pdf.documentTitle', { number }),
  };
  if (doc.kind === 'consultation')
    return { ...base, note: (percent) => t('server.pdf.consultation.note', { percent }) };
  if (doc.kind === 'creditNote') {
    return {
      ...base,
      title: t('server.pdf.creditNote.title'),
      number: t('server.pdf.creditNote.number'),
      date: t('server.pdf.creditNote.date'),
      total: t('server.pdf.creditNote.total'),
      amountPaid: t('server.pdf.creditNote.amountPaid'),
      paidWith: t('server.pdf.creditNote.paidWith'),
      noPayment: t('server.pdf.creditNote.noPayment'),
      note: (percent) =>
        t('server.pdf.creditNote.note', {
          share: String(doc.refundPercent ?? 100),
          invoice: doc.refersTo ?? '',
          percent,
        }),
      documentTitle: (number) => t('server.pdf.creditNote.documentTitle', { number }),
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
