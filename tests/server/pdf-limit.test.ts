/**
 * Costly work is bounded (issue 20, finding 9): invoice and credit-note PDFs are limited per member,
 * together (server/routes/member-limit.ts, PDF_RATE_LIMIT). Past the limit: 429 RATE_LIMITED with
 * Retry-After; another member is not affected; the bucket fills again with time.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS as CARDS } from '../../contract/commerce-rules.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { PDF_RATE_LIMIT } from '../../server/routes/member-limit.ts';
import {
  addCard,
  buy,
  call,
  expectEnvelope,
  get,
  newKey,
  registerMember,
  type TestApp,
  totalFor,
} from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const LIMIT = 3;
const WINDOW_MS = 15 * 60_000;
const clock = new ManualClock(Date.UTC(2026, 10, 26, 9));
const { app } = await setupTestDb({ clock, config: { pdfRateLimit: { limit: LIMIT, windowMs: WINDOW_MS } } });

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const invoicePdf = (a: TestApp, token: string, invoiceId: string) =>
  call(a, 'POST', '/api/billing/generate-invoice', { json: { invoiceId }, token });
const creditNotePdf = (a: TestApp, token: string, creditNoteId: string) =>
  call(a, 'POST', '/api/billing/generate-credit-note', { json: { creditNoteId }, token });

/** A member who bought a course, and her invoice's id. */
async function buyer() {
  const m = await registerMember(app);
  const pm = await addCard(app, m.token, CARDS.success);
  const total = await totalFor(app, ['pcos-basics']);
  const paid = await buy(app, m.token, newKey(), {
    courseIds: ['pcos-basics'],
    paymentMethodId: pm,
    expectedTotal: total,
  });
  expect(paid.status).toBe(201);
  const list = await get(app, `/billing/list/${m.user.id}`, { token: m.token });
  return { ...m, invoiceId: list.body.items[0].id as string };
}

describe('PDFs per member', () => {
  it('has a default that leaves room for her own invoices and credit notes', () => {
    expect(PDF_RATE_LIMIT.limit).toBeGreaterThanOrEqual(10);
    expect(PDF_RATE_LIMIT.windowMs).toBe(WINDOW_MS);
  });

  it('past the limit: 429 RATE_LIMITED with Retry-After, invoices and credit notes counted together; another member is not affected', async () => {
    const her = await buyer();
    const other = await buyer();

    // her limit: two invoices and one credit-note request (one she does not have: every attempt counts)
    for (let i = 0; i < LIMIT - 1; i++) {
      const ok = await invoicePdf(app, her.token, her.invoiceId);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toBe('application/pdf');
    }
    const missing = await creditNotePdf(app, her.token, UNKNOWN);
    expect(missing.status).toBe(404);

    const refused = await invoicePdf(app, her.token, her.invoiceId);
    expect(refused.status).toBe(429);
    expectEnvelope(refused, 'RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / LIMIT / 1000);
    expect(refused.body.error.retryAfter).toBe(retryAfter);
    const refusedNote = await creditNotePdf(app, her.token, UNKNOWN);
    expect(refusedNote.status).toBe(429);
    expectEnvelope(refusedNote, 'RATE_LIMITED');
    expect(refusedNote.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);

    // another member still gets hers, up to her own limit
    const theirs = await invoicePdf(app, other.token, other.invoiceId);
    expect(theirs.status).toBe(200);
    expect((await creditNotePdf(app, other.token, UNKNOWN)).status).toBe(404);

    // once the wait has passed, she gets one again
    clock.advance(retryAfter * 1000);
    expect((await invoicePdf(app, her.token, her.invoiceId)).status).toBe(200);
    expect((await invoicePdf(app, her.token, her.invoiceId)).status).toBe(429);
  });
});
