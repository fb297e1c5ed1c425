/**
 * A CV is a real PDF (issue 20, finding 10) on PGlite and PostgreSQL. PDFs are built here, object by
 * object: a valid one is kept; a 5-byte "%PDF-", a PDF/HTML polyglot, an encrypted one, one with a
 * JavaScript OpenAction, one with a launch action, one with an embedded file and one whose content
 * inflates to 200 MB are each answered 400 with the CV's code and its message, and nothing is kept
 * (no row, no file under uploads). Before this check, all of them were stored and mailed.
 * Then the check itself (lib/pdf-check.ts): names written with #xx escapes, objects hidden in a
 * compressed object stream or in another stream's data, bombs through two filters, nesting and the
 * time limit.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { formSubmissions } from '../../server/db/schema.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { fieldMessage } from '../../server/lib/i18n.ts';
import { checkPdf, inspectPdf, PDF_CHECK_LIMITS, type PdfProblem } from '../../server/lib/pdf-check.ts';
import { APPLICATION } from './fixtures/forms.ts';
import { expectEnvelope, type Reply } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const root = mkdtempSync(join(tmpdir(), 'amina-cv-'));
const uploadsDir = join(root, 'uploads');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const clock = new ManualClock(Date.UTC(2026, 10, 27, 9));
const { db, app } = await setupTestDb({
  clock,
  config: {
    forms: {
      rateLimit: { limit: 100_000, windowMs: 15 * 60_000 },
      uploadsDir,
      teamEmail: 'team@example.org',
      mailFrom: 'forms@example.org',
    },
  },
});

let ipCounter = 0;
let ip = '';
beforeEach(() => {
  ip = `203.0.113.${++ipCounter}`;
});

// ── PDFs built object by object ──────────────────────────────────────────────────────────────

type Obj = string | { dict: string; data: Uint8Array };
const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** A PDF of these objects (numbered from 1), with its cross-reference table and trailer. */
function pdf(objects: Obj[], { head = '', trailer = '', tail = '' } = {}): Buffer {
  const parts: Buffer[] = [latin1(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${head}`)];
  let size = parts[0].length;
  const offsets: number[] = [];
  const add = (b: Buffer) => {
    parts.push(b);
    size += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(size);
    if (typeof o === 'string') add(latin1(`${i + 1} 0 obj\n${o}\nendobj\n`));
    else {
      add(latin1(`${i + 1} 0 obj\n${o.dict.replace(/^<</, `<< /Length ${o.data.length}`)}\nstream\n`));
      add(Buffer.from(o.data));
      add(latin1('\nendstream\nendobj\n'));
    }
  });
  const xref = size;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  add(
    latin1(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref}\n%%EOF\n${tail}`,
    ),
  );
  return Buffer.concat(parts);
}

const CONTENT = 'BT /F1 18 Tf 72 760 Td (Hana Saleh, midwife) Tj ET';
const flate = (s: string | Uint8Array) => deflateSync(typeof s === 'string' ? latin1(s) : s);

/** A one-page CV; `catalog` adds entries to the catalog, `page` to the page, `more` adds objects from 6. */
function cv({
  catalog = '',
  page = '',
  content = { dict: '<< /Filter /FlateDecode >>', data: flate(CONTENT) } as Obj,
  more = [] as Obj[],
  ...options
}: {
  catalog?: string;
  page?: string;
  content?: Obj;
  more?: Obj[];
  head?: string;
  trailer?: string;
  tail?: string;
} = {}) {
  return pdf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> ${page} >>`,
      content,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ...more,
    ],
    options,
  );
}

const VALID = cv({
  // XMP metadata, uncompressed: XML inside a stream is not a polyglot
  catalog: '/Metadata 6 0 R',
  more: [
    {
      dict: '<< /Type /Metadata /Subtype /XML >>',
      data: latin1(
        '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
      ),
    },
  ],
});

/** Zeros that inflate to `mb` MiB from a few hundred KiB (200 MiB: about 200 KiB). */
const deflated = new Map<number, Buffer>();
const zeros = (mb: number) => {
  if (!deflated.has(mb)) deflated.set(mb, deflateSync(Buffer.alloc(mb * 1024 * 1024), { level: 9 }));
  return deflated.get(mb)!;
};

const HOSTILE: [string, PdfProblem, () => Buffer][] = [
  ['a 5-byte "%PDF-"', 'PDF_UNREADABLE', () => latin1('%PDF-')],
  [
    'a PDF/HTML polyglot (HTML in a comment after the header)',
    'PDF_POLYGLOT',
    () => cv({ head: '%<html><body><script>alert(document.domain)</script></body></html>\n' }),
  ],
  [
    'an encrypted PDF (RC4, permissions only)',
    'PDF_ENCRYPTED',
    () =>
      cv({
        more: [`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -3904 >>`],
        trailer: `/Encrypt 6 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]`,
      }),
  ],
  [
    'a JavaScript OpenAction',
    'PDF_JAVASCRIPT',
    () => cv({ catalog: '/OpenAction 6 0 R', more: ["<< /S /JavaScript /JS (app.alert\\('hi'\\)) >>"] }),
  ],
  [
    'a launch action',
    'PDF_LAUNCH',
    () =>
      cv({
        catalog: '/OpenAction 6 0 R',
        more: ['<< /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> /F (calc.exe) >>'],
      }),
  ],
  [
    'an embedded file',
    'PDF_EMBEDDED_FILE',
    () =>
      cv({
        catalog: '/Names << /EmbeddedFiles << /Names [(invoice.exe) 6 0 R] >> >>',
        more: [
          '<< /Type /Filespec /F (invoice.exe) /UF (invoice.exe) /EF << /F 7 0 R >> >>',
          { dict: '<< /Type /EmbeddedFile >>', data: latin1('MZ not really a program') },
        ],
      }),
  ],
  [
    'content that inflates to 200 MB',
    'PDF_INFLATES_TOO_MUCH',
    () => cv({ content: { dict: '<< /Filter /FlateDecode >>', data: zeros(200) } }),
  ],
];

// ── the route ────────────────────────────────────────────────────────────────────────────────

async function apply(bytes: Uint8Array, language = 'en', fields = APPLICATION): Promise<Reply> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('cv', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'cv.pdf');
  const req = new Request('http://localhost/api/forms/expert-application', {
    method: 'POST',
    body: form,
    headers: { 'accept-language': language },
  });
  const res = await app.request(req, undefined, { incoming: { socket: { remoteAddress: ip } } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
}

const rowCount = async () => (await db.db.select().from(formSubmissions)).length;
const uploaded = () => {
  try {
    return readdirSync(uploadsDir);
  } catch {
    return [];
  }
};

describe('the expert application’s CV, read as a PDF', () => {
  it('keeps a valid PDF (one page, compressed content, XMP metadata) and the e2e fixture', async () => {
    for (const bytes of [VALID, readFileSync(join(import.meta.dirname, '../fixtures/cv.pdf'))]) {
      const before = await rowCount();
      const r = await apply(bytes);
      expect(r.status, r.text).toBe(201);
      expect(await rowCount()).toBe(before + 1);
    }
    expect(uploaded()).toHaveLength(2);
  });

  it.each(HOSTILE)(
    'refuses %s: 400 with its code and message under the CV, nothing kept',
    async (_, code, make) => {
      const rowsBefore = await rowCount();
      const filesBefore = uploaded();
      const r = await apply(make());
      expect(r.status, r.text).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
      expect(r.body.error.fieldCodes).toEqual({ cv: code });
      expect(r.body.error.fields.cv).toBe(fieldMessage(code, 'en'));
      expect(await rowCount()).toBe(rowsBefore);
      expect(uploaded()).toEqual(filesBefore);
    },
  );

  it('says it in Arabic, and with the other fields’ problems', async () => {
    const javascript = HOSTILE.find(([, code]) => code === 'PDF_JAVASCRIPT')![2]();
    const r = await apply(javascript, 'ar', { ...APPLICATION, email: 'nobody@' });
    expect(r.status).toBe(400);
    expect(r.body.error.fieldCodes).toEqual({ email: 'EMAIL_INVALID', cv: 'PDF_JAVASCRIPT' });
    expect(r.body.error.fields.cv).toBe(fieldMessage('PDF_JAVASCRIPT', 'ar'));
    // addressed to her: "save" in the feminine
    expect(r.body.error.fields.cv).toMatch(/احفظي/);
  });
});

// ── the check itself ─────────────────────────────────────────────────────────────────────────

/** An object stream holding `objects` (numbered from `first`), compressed. */
function objectStream(first: number, objects: string[]): Obj {
  let offset = 0;
  const header: string[] = [];
  for (const [i, o] of objects.entries()) {
    header.push(`${first + i} ${offset}`);
    offset += o.length + 1;
  }
  const head = `${header.join(' ')}\n`;
  return {
    dict: `<< /Type /ObjStm /N ${objects.length} /First ${head.length} /Filter /FlateDecode >>`,
    data: flate(head + objects.map((o) => `${o}\n`).join('')),
  };
}

/** The check in this thread (what the worker runs), so that each case does not start a thread. */
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const inspect = (bytes: Uint8Array, limits: Partial<typeof PDF_CHECK_LIMITS> = {}) =>
  inspectPdf(bytes, { ...PDF_CHECK_LIMITS, ...limits }, pdfjs);

describe('the check', () => {
  it('answers null for the valid PDFs, in its thread as in this one', async () => {
    const fixture = readFileSync(join(import.meta.dirname, '../fixtures/cv.pdf'));
    for (const bytes of [VALID, fixture]) {
      expect(await checkPdf(bytes)).toBeNull();
      expect(await inspect(bytes)).toBeNull();
    }
  });

  it.each<[string, PdfProblem, () => Buffer]>([
    ['HTML before the header', 'FILE_NOT_PDF', () => Buffer.concat([latin1('<html>'), VALID])],
    [
      'HTML after %%EOF, past the first KiB',
      'PDF_POLYGLOT',
      () => cv({ tail: `%${' '.repeat(2000)}\n<script>alert(1)</script>\n` }),
    ],
    [
      'a name written with #xx escapes (/L#61unch)',
      'PDF_LAUNCH',
      () => cv({ catalog: '/OpenAction << /S /L#61unch /F (calc.exe) >>' }),
    ],
    [
      'JavaScript inside a compressed object stream',
      'PDF_JAVASCRIPT',
      () =>
        cv({
          page: '/Annots [7 0 R]',
          more: [
            objectStream(7, [
              '<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /A << /S /J#61vaScript /JS (app.alert\\(1\\)) >> >>',
            ]),
          ],
        }),
    ],
    [
      'an action in another stream’s uncompressed data (reachable by offset)',
      'PDF_LAUNCH',
      () => cv({ more: [{ dict: '<< >>', data: latin1('9 0 obj << /S /Launch /F (calc.exe) >> endobj') }] }),
    ],
    [
      'a file attachment annotation',
      'PDF_EMBEDDED_FILE',
      () =>
        cv({
          page: '/Annots [6 0 R]',
          more: ['<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 20 20] /FS << /F (a.txt) >> >>'],
        }),
    ],
    [
      'XFA (a form with its own scripts)',
      'PDF_JAVASCRIPT',
      () =>
        cv({
          catalog: '/AcroForm << /Fields [] /XFA 6 0 R >>',
          more: [{ dict: '<< >>', data: latin1('<xdp/>') }],
        }),
    ],
    [
      'a bomb through two Flate filters',
      'PDF_INFLATES_TOO_MUCH',
      () =>
        cv({ content: { dict: '<< /Filter [/FlateDecode /FlateDecode] >>', data: deflateSync(zeros(200)) } }),
    ],
    [
      'a RunLength bomb (1 MB that decodes to 64 MB)',
      'PDF_INFLATES_TOO_MUCH',
      () =>
        cv({
          content: {
            dict: '<< /Filter /RunLengthDecode >>',
            data: Buffer.alloc(1024 * 1024, Buffer.from([129, 0])),
          },
        }),
    ],
    [
      'many streams that together pass the limit',
      'PDF_INFLATES_TOO_MUCH',
      () =>
        cv({
          more: Array.from({ length: 6 }, () => ({ dict: '<< /Filter /FlateDecode >>', data: zeros(10) })),
        }),
    ],
    [
      'a bomb in an object stream',
      'PDF_INFLATES_TOO_MUCH',
      () =>
        cv({ more: [{ dict: '<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>', data: zeros(200) }] }),
    ],
    [
      'arrays nested 10,000 deep',
      'PDF_TOO_COMPLEX',
      () => cv({ catalog: `/X ${'['.repeat(10_000)}${']'.repeat(10_000)}` }),
    ],
    [
      'text after the header that is no PDF',
      'PDF_UNREADABLE',
      () => latin1('%PDF-1.7\nHello, this is my CV.\n'),
    ],
  ])('refuses %s', async (_, code, make) => {
    expect(await inspect(make())).toBe(code);
  });

  it('counts the limit as a sum: 40 MiB of streams are fine, and the limit can be set lower', async () => {
    const forty = cv({
      more: Array.from({ length: 4 }, () => ({ dict: '<< /Filter /FlateDecode >>', data: zeros(10) })),
    });
    expect(await inspect(forty)).toBeNull();
    expect(await inspect(forty, { maxInflatedBytes: 30 * 1024 * 1024 })).toBe('PDF_INFLATES_TOO_MUCH');
  });

  it('stops at its time limit, its heap and its object limit', async () => {
    expect(await checkPdf(VALID, { timeoutMs: 1 })).toBe('PDF_TOO_COMPLEX');
    // pdf.js alone needs more than 4 MB of heap: the thread runs out, the server does not
    expect(await checkPdf(VALID, { maxHeapMb: 4 })).toBe('PDF_TOO_COMPLEX');
    expect(await inspect(VALID, { maxObjects: 3 })).toBe('PDF_TOO_COMPLEX');
  });
});
