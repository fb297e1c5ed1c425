import type { InvoiceSummary, InvoicesPage } from '../../contract/commerce';
import { INVOICE_PAGE_SIZE } from '../../contract/commerce-rules';

/**
 * Her invoices as GET /billing/list/{userId} answers them: `count` invoices, newest first, numbered
 * INV-2026-000001 upwards (the newest has the highest number), one or two courses each, every
 * fifth refunded with a credit note.
 */
export function invoice(n: number): InvoiceSummary {
  const two = n % 2 === 0;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `INV-2026-${String(n).padStart(6, '0')}`,
    issuedAt: new Date(Date.UTC(2026, 10, 1 + (n % 28), 9, 30)).toISOString(),
    items: two
      ? [
          { id: 'menstrual-cycle', title: 'Your menstrual cycle' },
          { id: 'menopause-care', title: 'Menopause care' },
        ]
      : [{ id: 'pelvic-health', title: 'Pelvic floor health' }],
    total: two ? 9450 : 4725,
    currency: 'USD',
    // every fifth was refunded by half (a cancelled consultation) and carries its credit note
    creditNote:
      n % 5 === 0
        ? {
            id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
            number: `CN-2026-${String(n).padStart(6, '0')}`,
            refundPercent: 50,
          }
        : null,
  };
}

/** Page `page` of `count` invoices, `limit` a page. */
export function invoicesPage(page: number, count: number, limit = INVOICE_PAGE_SIZE): InvoicesPage {
  const all = Array.from({ length: count }, (_, i) => invoice(count - i));
  return {
    items: all.slice((page - 1) * limit, page * limit),
    page,
    limit,
    total: count,
    totalPages: Math.ceil(count / limit),
  };
}
