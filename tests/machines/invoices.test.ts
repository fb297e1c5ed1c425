import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { InvoicesPage } from '../../contract/commerce';
import {
  type InvoicesListInput,
  invoiceFileName,
  invoicesMachine,
  pageFromAddress,
} from '../../machines/invoices';
import type { AppError, Locale } from '../../machines/types';
import { downloadInvoice, loadInvoices } from '../../src/api/billing';
import { invoicesPage } from '../support/invoice-fixtures';
import { answers, controlledActor } from '../support/stub-actors';

const flush = () => new Promise((r) => setTimeout(r, 0));

type DownloadInput = { invoiceId: string; language: Locale };

/** The machine with stub actors and the page's actions recorded. */
function start(options: {
  load?: (input: InvoicesListInput) => Promise<InvoicesPage>;
  download?: ReturnType<typeof controlledActor<Blob, DownloadInput>>;
  page?: number;
}) {
  const loads: { input: InvoicesListInput; signal: AbortSignal }[] = [];
  const saved: { file: Blob; fileName: string }[] = [];
  const toasts: { kind: 'ok' | 'failed'; number: string; error?: AppError }[] = [];
  const download = options.download ?? controlledActor<Blob, DownloadInput>();
  const actor = createActor(
    invoicesMachine.provide({
      actors: {
        loadInvoices: answers((input: InvoicesListInput, signal) => {
          loads.push({ input, signal });
          return (options.load ?? (async (i) => invoicesPage(i.page, 23)))(input);
        }),
        downloadInvoice: download.logic,
      },
      actions: {
        saveFile: (_, p) => saved.push(p),
        notifyDownloaded: (_, p) => toasts.push({ kind: 'ok', number: p.number }),
        notifyDownloadFailed: (_, p) => toasts.push({ kind: 'failed', number: p.number, error: p.error }),
      },
    }),
    { input: { userId: 'u1', ...(options.page ? { page: options.page } : {}) } },
  ).start();
  const snap = () => actor.getSnapshot();
  const list = () => (snap().value as { list: string }).list;
  const dl = () => (snap().value as { download: string }).download;
  return { actor, loads, saved, toasts, download, snap, list, dl };
}

const PDF = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

describe('invoiceFileName', () => {
  it('names the file after the invoice number, and nothing a file system minds', () => {
    expect(invoiceFileName('INV-2026-000001')).toBe('INV-2026-000001.pdf');
    expect(invoiceFileName('INV/2026 000002')).toBe('INV-2026-000002.pdf');
    expect(invoiceFileName('../')).toBe('invoice.pdf');
  });
});

describe('pageFromAddress', () => {
  it('reads ?page= as a whole number from 1, anything else as the first page', () => {
    expect(pageFromAddress('3')).toBe(3);
    expect(pageFromAddress(null)).toBe(1);
    expect(pageFromAddress('0')).toBe(1);
    expect(pageFromAddress('-2')).toBe(1);
    expect(pageFromAddress('2abc')).toBe(1);
    expect(pageFromAddress('1e3')).toBe(1);
  });
});

describe('invoices machine: the list', () => {
  it('asks for her first page of ten and shows it', async () => {
    const m = start({});
    expect(m.list()).toBe('loading');
    expect(m.snap().hasTag('step:loading')).toBe(true);
    expect(m.dl()).toBe('idle');
    await flush();
    expect(m.loads.map((l) => l.input)).toEqual([{ userId: 'u1', page: 1, limit: 10 }]);
    expect(m.list()).toBe('ready');
    expect(m.snap().hasTag('step:ready')).toBe(true);
    expect(m.snap().context.data?.items).toHaveLength(10);
    expect(m.snap().context.data?.items[0].number).toBe('INV-2026-000023');
  });

  it('starts on the page the address names (anything odd is page 1)', async () => {
    const m = start({ page: 3 });
    await flush();
    expect(m.loads[0].input.page).toBe(3);
    expect(m.snap().context.data?.items).toHaveLength(3);
    const odd = start({ page: -4 });
    await flush();
    expect(odd.loads[0].input.page).toBe(1);
  });

  it('is empty when she has no invoices, or the page is past her last', async () => {
    const none = start({ load: async () => invoicesPage(1, 0) });
    await flush();
    expect(none.list()).toBe('empty');
    expect(none.snap().hasTag('step:empty')).toBe(true);
    const past = start({ page: 9 });
    await flush();
    expect(past.list()).toBe('empty');
    past.actor.send({ type: 'invoices.page', page: 1 });
    expect(past.list()).toBe('loading');
    await flush();
    expect(past.list()).toBe('ready');
  });

  it('keeps the code of a failure, and Try again asks again', async () => {
    let fail = true;
    const m = start({
      load: async (i) => {
        if (fail) throw { code: 'SERVER_ERROR' };
        return invoicesPage(i.page, 23);
      },
    });
    await flush();
    expect(m.list()).toBe('failed');
    expect(m.snap().hasTag('step:failed')).toBe(true);
    expect(m.snap().context.error).toEqual({ code: 'SERVER_ERROR' });
    fail = false;
    m.actor.send({ type: 'invoices.retry' });
    expect(m.list()).toBe('loading');
    expect(m.snap().context.error).toBeNull();
    await flush();
    expect(m.list()).toBe('ready');
    expect(m.loads).toHaveLength(2);
  });

  it('an unknown failure is a network error', async () => {
    const m = start({
      load: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await flush();
    expect(m.snap().context.error).toEqual({ code: 'NETWORK_ERROR' });
  });

  it('pages: another page loads, the same page does nothing, a failed list can page too', async () => {
    const m = start({});
    await flush();
    m.actor.send({ type: 'invoices.page', page: 1 });
    expect(m.list()).toBe('ready');
    m.actor.send({ type: 'invoices.page', page: 2 });
    expect(m.list()).toBe('loading');
    expect(m.snap().context.page).toBe(2);
    await flush();
    expect(m.loads.at(-1)!.input).toEqual({ userId: 'u1', page: 2, limit: 10 });
    expect(m.snap().context.data?.items[0].number).toBe('INV-2026-000013');

    let fail = true;
    const f = start({
      load: async (i) => {
        if (fail) throw { code: 'NETWORK_ERROR' };
        return invoicesPage(i.page, 23);
      },
    });
    await flush();
    expect(f.list()).toBe('failed');
    fail = false;
    f.actor.send({ type: 'invoices.page', page: 3 });
    expect(f.list()).toBe('loading');
    await flush();
    expect(f.loads.at(-1)!.input.page).toBe(3);
    expect(f.list()).toBe('ready');
  });

  it('a page asked for while one loads replaces it (the first request is cancelled)', async () => {
    const m = start({});
    const first = m.loads[0];
    m.actor.send({ type: 'invoices.page', page: 2 });
    expect(first.signal.aborted).toBe(true);
    m.actor.send({ type: 'invoices.page', page: 2 });
    expect(m.loads).toHaveLength(2);
    await flush();
    expect(m.snap().context.data?.page).toBe(2);
  });

  it('asks again in the new language from every list state', async () => {
    let fail = false;
    let count = 23;
    const m = start({
      load: async (i) => {
        if (fail) throw { code: 'NETWORK_ERROR' };
        return invoicesPage(i.page, count);
      },
    });
    // while loading: the request in the old language is cancelled
    m.actor.send({ type: 'invoices.localeChanged' });
    expect(m.loads[0].signal.aborted).toBe(true);
    await flush();
    expect(m.list()).toBe('ready');
    count = 0;
    m.actor.send({ type: 'invoices.localeChanged' });
    expect(m.list()).toBe('loading');
    await flush();
    expect(m.list()).toBe('empty');
    fail = true;
    m.actor.send({ type: 'invoices.localeChanged' });
    await flush();
    expect(m.list()).toBe('failed');
    fail = false;
    count = 23;
    m.actor.send({ type: 'invoices.localeChanged' });
    await flush();
    expect(m.list()).toBe('ready');
    expect(m.loads).toHaveLength(5);
  });
});

describe('invoices machine: downloading a PDF', () => {
  const ask = { type: 'invoices.download', invoiceId: 'id-3', number: 'INV-2026-000003' } as const;

  it('downloads one invoice in her language, saves it as INV-….pdf and says so', async () => {
    const m = start({});
    await flush();
    m.actor.send({ ...ask, language: 'ar' });
    expect(m.dl()).toBe('downloading');
    expect(m.snap().hasTag('downloading')).toBe(true);
    expect(m.snap().context.downloading).toEqual({
      invoiceId: 'id-3',
      number: 'INV-2026-000003',
      language: 'ar',
    });
    expect(m.download.last()!.input).toEqual({ invoiceId: 'id-3', language: 'ar' });
    // one at a time: another row waits
    m.actor.send({ ...ask, invoiceId: 'id-4', number: 'INV-2026-000004', language: 'ar' });
    expect(m.download.calls).toHaveLength(1);
    await m.download.resolve(PDF);
    expect(m.saved).toEqual([{ file: PDF, fileName: 'INV-2026-000003.pdf' }]);
    expect(m.toasts).toEqual([{ kind: 'ok', number: 'INV-2026-000003' }]);
    expect(m.dl()).toBe('idle');
    expect(m.snap().context.downloading).toBeNull();
    expect(m.list()).toBe('ready');
  });

  it('a failed download saves nothing and says so; the next one can start', async () => {
    const m = start({});
    await flush();
    m.actor.send({ ...ask, language: 'en' });
    await m.download.reject({ code: 'INVOICE_NOT_FOUND' });
    expect(m.saved).toEqual([]);
    expect(m.toasts).toEqual([
      { kind: 'failed', number: 'INV-2026-000003', error: { code: 'INVOICE_NOT_FOUND' } },
    ]);
    expect(m.snap().context.downloadError).toEqual({ code: 'INVOICE_NOT_FOUND' });
    expect(m.dl()).toBe('idle');
    m.actor.send({ ...ask, language: 'en' });
    expect(m.snap().context.downloadError).toBeNull();
    await m.download.reject(new Error('offline'));
    expect(m.toasts.at(-1)).toEqual({
      kind: 'failed',
      number: 'INV-2026-000003',
      error: { code: 'NETWORK_ERROR' },
    });
  });

  it('carries on while she pages or switches language', async () => {
    const m = start({});
    await flush();
    m.actor.send({ ...ask, language: 'en' });
    m.actor.send({ type: 'invoices.page', page: 2 });
    m.actor.send({ type: 'invoices.localeChanged' });
    expect(m.download.last()!.signal.aborted).toBe(false);
    await flush();
    await m.download.resolve(PDF);
    expect(m.saved).toHaveLength(1);
    expect(m.snap().context.page).toBe(2);
  });

  it('stopping the page cancels a download in flight', async () => {
    const m = start({});
    await flush();
    m.actor.send({ ...ask, language: 'en' });
    m.actor.stop();
    expect(m.download.last()!.signal.aborted).toBe(true);
  });
});

describe('the billing API actors (src/api/billing.ts) over the one client', () => {
  const requests: { url: string; method: string; headers: Headers; body: unknown; signal: AbortSignal }[] =
    [];
  function serve(response: () => Response) {
    requests.length = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push({
        url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        signal: init.signal!,
      });
      return response();
    });
  }
  afterEach(() => vi.unstubAllGlobals());

  it('GET /billing/list/{userId}?page&limit with her page', async () => {
    const page = invoicesPage(2, 23);
    serve(() => Response.json(page));
    const out = await toPromise(
      createActor(loadInvoices, { input: { userId: 'u 1', page: 2, limit: 10 } }).start(),
    );
    expect(out).toEqual(page);
    expect(requests[0].url).toBe('/api/billing/list/u%201?page=2&limit=10');
    expect(requests[0].method).toBe('GET');
    expect(requests[0].signal).toBeInstanceOf(AbortSignal);
  });

  it('POST /billing/generate-invoice gives the PDF as a Blob', async () => {
    serve(
      () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="INV-2026-000001.pdf"',
          },
        }),
    );
    const out = await toPromise(
      createActor(downloadInvoice, { input: { invoiceId: 'id-1', language: 'ar' } }).start(),
    );
    expect(out).toBeInstanceOf(Blob);
    expect(out.type).toBe('application/pdf');
    expect(await out.text()).toBe('%PDF-1.7');
    expect(requests[0]).toMatchObject({
      url: '/api/billing/generate-invoice',
      method: 'POST',
      body: { invoiceId: 'id-1', language: 'ar' },
    });
  });

  it("a refused PDF request keeps the error envelope's code", async () => {
    serve(() =>
      Response.json({ error: { code: 'INVOICE_NOT_FOUND', message: 'No such invoice' } }, { status: 404 }),
    );
    await expect(
      toPromise(createActor(downloadInvoice, { input: { invoiceId: 'id-1', language: 'en' } }).start()),
    ).rejects.toEqual({ code: 'INVOICE_NOT_FOUND' });
    serve(
      () =>
        new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await expect(
      toPromise(createActor(downloadInvoice, { input: { invoiceId: 'id-1', language: 'en' } }).start()),
    ).rejects.toEqual({ code: 'SERVER_ERROR' });
  });
});
