/**
 * Her data as one readable page (issue 25, item 6), in her language and direction: the same
 * contents as the JSON (account-export.ts), as headings, lists and tables. Every value she or
 * anyone typed goes through `esc` (text and attribute context alike); the page has no script, no
 * link out and no image, only a style block, and says in its own CSP that it loads nothing.
 */
import { questionText } from '../lib/catalog.ts';
import { type Locale, message, type Values } from '../lib/i18n.ts';
import type { AccountExport } from './account-export.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text for HTML: the five characters that could open markup or close an attribute, escaped. */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Arabic",Arial,sans-serif;margin:0 auto;max-width:60rem;padding:1.5rem;color:#1f2933;line-height:1.5}
h1{font-size:1.6rem;margin-block:0 .25rem}h2{font-size:1.2rem;margin-block:2rem .5rem;border-block-end:1px solid #d9dee3;padding-block-end:.25rem}
table{border-collapse:collapse;inline-size:100%;font-size:.95rem}th,td{text-align:start;vertical-align:top;padding:.35rem .5rem;border-block-end:1px solid #eef0f2}
th{font-weight:600;background:#f6f7f8}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
.note{color:#52606d;font-size:.9rem}.ltr{direction:ltr;unicode-bidi:isolate}
.scroll{overflow-x:auto}.post{white-space:pre-wrap}.ltr,td:first-child{white-space:nowrap}td ul{margin:.25rem 0 0;padding-inline-start:1rem}
`.trim();

export function renderExportHtml(data: AccountExport): string {
  const locale: Locale = data.language;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const t = (id: string, values?: Values) => esc(message(locale, `server.export.${id}`, values));
  const date = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const day = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  const whenRaw = (iso: string) => `${date.format(new Date(iso))} UTC`;
  const when = (iso: string | null) => (iso ? esc(whenRaw(iso)) : '—');
  const money = new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  });
  const cents = (n: number | null) =>
    n === null ? '—' : `<span class="ltr">${esc(money.format(n / 100))}</span>`;
  const region = new Intl.DisplayNames([locale], { type: 'region' });
  const yesNo = (b: boolean) => t(b ? 'yes' : 'no');
  const none = `<p class="note">${t('none')}</p>`;

  const table = (heads: string[], rows: string[][]) =>
    rows.length === 0
      ? none
      : `<div class="scroll"><table><thead><tr>${heads.map((h) => `<th scope="col">${t(`column.${h}`)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((r) => `<tr>${r.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
          .join('')}</tbody></table></div>`;
  const section = (id: string, body: string) =>
    `<section aria-labelledby="s-${id}"><h2 id="s-${id}">${t(`section.${id}`)}</h2>${body}</section>`;

  const p = data.profile;
  const profile = `<dl>${[
    ['alias', `<bdi>${esc(p.alias)}</bdi>`],
    ['memberNumber', `<span class="ltr">${esc(p.memberNumber)}</span>`],
    ['country', esc(safe(() => region.of(p.country)) ?? p.country)],
    ['ageRange', esc(msg(locale, `ageRange.${p.ageRange}`) ?? p.ageRange)],
    [
      'maritalStatus',
      p.maritalStatus ? esc(msg(locale, `marital.${p.maritalStatus}`) ?? p.maritalStatus) : t('notGiven'),
    ],
    ['email', p.email ? `<span class="ltr">${esc(p.email)}</span>` : t('notGiven')],
    ['phone', p.phone ? `<span class="ltr">${esc(p.phone)}</span>` : t('notGiven')],
    ['language', esc(msg(locale, `server.export.language.${p.language}`) ?? p.language)],
    ['discreetDocuments', yesNo(p.discreetDocuments)],
    ['joinedAt', when(p.joinedAt)],
  ]
    .map(([k, v]) => `<dt>${t(`field.${k}`)}</dt><dd>${v}</dd>`)
    .join('')}</dl>`;

  const security = `<ol>${data.securityQuestions
    .map((id) => `<li>${esc(questionText(id, locale) ?? id)}</li>`)
    .join('')}</ol><p class="note">${t('answersNote')}</p><dl><dt>${t('field.recoveryCode')}</dt><dd>${
    data.recoveryCode.active
      ? t('recoveryCodeSince', { date: whenRaw(data.recoveryCode.createdAt ?? data.exportedAt) })
      : t('no')
  }</dd></dl>`;

  const kind = (k: string) => t(k === 'pre' ? 'quiz.pre' : 'quiz.post');
  const status = (s: string) => esc(msg(locale, `server.export.status.${s}`) ?? s);

  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="referrer" content="no-referrer">
<title>${t('title')}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${t('title')}</h1>
<p class="note">${t('intro', { date: whenRaw(data.exportedAt) })}</p>
${section('profile', profile)}
${section('security', security)}
${section(
  'enrolments',
  table(
    ['course', 'enrolled', 'completed', 'lessons'],
    data.enrolments.map((e) => [
      esc(e.title),
      when(e.enrolledAt),
      when(e.completedAt),
      `${esc(e.lessonsDone)} / ${esc(e.lessonsTotal)}${
        e.lessons.length
          ? `<ul>${e.lessons.map((l) => `<li>${esc(l.title)} · ${when(l.completedAt)}</li>`).join('')}</ul>`
          : ''
      }`,
    ]),
  ),
)}
${section(
  'quizAttempts',
  table(
    ['course', 'quiz', 'score', 'submitted'],
    data.quizAttempts.map((a) => [
      esc(a.title),
      kind(a.kind),
      `${esc(a.score)} % (${esc(a.correct)} / ${esc(a.total)})`,
      when(a.submittedAt),
    ]),
  ),
)}
${section(
  'reviews',
  table(
    ['course', 'rating', 'review', 'date'],
    data.reviews.map((r) => [esc(r.title), `${esc(r.rating)} / 5`, esc(r.text), when(r.updatedAt)]),
  ),
)}
${section(
  'invoices',
  table(
    ['number', 'date', 'items', 'total', 'paid'],
    data.invoices.map((i) => [
      `<span class="ltr">${esc(i.number)}</span>`,
      when(i.issuedAt),
      i.items.map(esc).join('<br>'),
      cents(i.total),
      cents(i.amountPaid),
    ]),
  ),
)}
${section(
  'creditNotes',
  table(
    ['number', 'date', 'invoice', 'refunded'],
    data.creditNotes.map((n) => [
      `<span class="ltr">${esc(n.number)}</span>`,
      when(n.issuedAt),
      `<span class="ltr">${esc(n.invoiceNumber ?? '—')}</span>`,
      `${cents(n.total)} (${esc(n.refundPercent)} %)`,
    ]),
  ),
)}
${section(
  'consultations',
  table(
    ['consultation', 'when', 'status', 'paid', 'details'],
    data.consultations.map((c) => [
      esc(c.title),
      when(c.startsAt),
      status(c.status),
      `${cents(c.amountPaid)}${c.refundAmount ? ` · ${t('refunded', { amount: money.format(c.refundAmount / 100) })}` : ''}`,
      c.personalDetails
        ? `${esc(c.personalDetails.firstName)} ${esc(c.personalDetails.lastName)}<br>${esc(day.format(new Date(`${c.personalDetails.dateOfBirth}T00:00:00Z`)))}`
        : '—',
    ]),
  ),
)}
${section(
  'circlePosts',
  table(
    ['space', 'conversation', 'post', 'postedAs', 'status', 'date'],
    data.circlePosts.map((c) => [
      esc(c.space),
      esc(c.threadTitle),
      `<div class="post">${esc(c.body)}</div>`,
      t(c.anonymous ? 'postedAs.member' : 'postedAs.alias'),
      `${esc(msg(locale, `server.export.circle.${c.status}`) ?? c.status)}${c.removedReason ? `<br>${esc(c.removedReason)}` : ''}`,
      when(c.createdAt),
    ]),
  ),
)}
${section(
  'paymentMethods',
  table(
    ['card', 'expires', 'added'],
    data.paymentMethods.map((m) => [
      `<span class="ltr">${esc(m.brand)} •••• ${esc(m.last4)}</span>`,
      `<span class="ltr">${esc(String(m.expMonth).padStart(2, '0'))}/${esc(m.expYear)}</span>`,
      when(m.addedAt),
    ]),
  ),
)}
${section(
  'devices',
  table(
    ['browser', 'system', 'signedIn', 'lastSeen'],
    data.devices.map((d) => [
      `${esc(d.browser ?? '—')}${d.current ? ` (${t('thisDevice')})` : ''}`,
      esc(d.system ?? '—'),
      when(d.signedInAt),
      when(d.lastSeenAt),
    ]),
  ),
)}
</main>
</body>
</html>
`;
}

/** A catalogue message, or undefined when the id is not there (a value from an older list). */
function msg(locale: Locale, id: string): string | undefined {
  try {
    return message(locale, id);
  } catch {
    return undefined;
  }
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
