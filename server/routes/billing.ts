/**
 * /api/billing: her invoices (newest first) and one invoice as a PDF in the requested language
 * (the body's `language`, else the Accept-Language). Another member's → 403 FORBIDDEN. PDFs are
 * limited per member (`pdfLimit`, routes/member-limit.ts, shared with the credit notes).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { InvoicePdfBody, InvoicesPage } from '../../contract/commerce.ts';
import { PageQuery } from '../../contract/learning.ts';
import type { Commerce } from '../domain/commerce.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import { commerceErrors } from './commerce-http.ts';
import { BODY, bearer, sameMember, userIdParam } from './learning-http.ts';
import { bodyOf, type Limit, reply } from './schemas.ts';

const tags = ['Billing'];

const list = (auth: Limit) =>
  createRoute({
    method: 'get',
    path: '/billing/list/{userId}',
    tags,
    summary: 'Her invoices, newest first (one page)',
    security: bearer,
    middleware: [auth, sameMember] as const,
    request: { params: z.object({ userId: userIdParam }), query: PageQuery },
    responses: {
      200: reply(InvoicesPage, 'Her invoices, items titled in the Accept-Language'),
      ...commerceErrors(400, 401, 403),
    },
  });

const pdf = (auth: Limit, pdfLimit: Limit) =>
  createRoute({
    method: 'post',
    path: '/billing/generate-invoice',
    tags,
    summary: 'One of her invoices as a PDF (English, or Arabic laid out right to left)',
    security: bearer,
    middleware: [auth, pdfLimit, jsonBody] as const,
    request: bodyOf(InvoicePdfBody),
    responses: {
      200: {
        description: 'The tax invoice (Content-Disposition: attachment; filename="INV-….pdf")',
        content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...commerceErrors(...BODY, 401, 403, 404, 429),
    },
  });

export function billingRoutes({
  commerce,
  auth,
  pdfLimit,
}: {
  commerce: Commerce;
  auth: Limit;
  /** Invoice PDFs per member (PDF_RATE_LIMIT). */
  pdfLimit: Limit;
}) {
  const router = createRouter();

  router.openapi(list(auth), async (c) => {
    noStore(c);
    const { page, limit } = c.req.valid('query');
    return c.json(await commerce.invoices.list(c.var.session.user.id, page, limit, c.var.locale), 200);
  });

  router.openapi(pdf(auth, pdfLimit), async (c) => {
    const { invoiceId, language } = c.req.valid('json');
    const doc = await commerce.invoices.document(c.var.session.user.id, invoiceId, language ?? c.var.locale);
    // loaded on first use: pdfkit and the embedded fonts are not needed to start the server
    const { renderInvoicePdf } = await import('../domain/invoice-pdf.ts');
    const bytes = await renderInvoicePdf(doc);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${doc.number}.pdf"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'no-store',
    });
  });

  return router;
}
