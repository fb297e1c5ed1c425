/**
 * Is a CV a real PDF, and a harmless one? (issue 20, finding 10) A file is refused, with one code
 * per problem (the CV field's code, translated in lib/i18n.ts and lang/*.json), when it:
 *
 *   FILE_NOT_PDF           does not start with `%PDF-`
 *   PDF_POLYGLOT           also reads as a web page: HTML in its first KiB or outside its streams
 *   PDF_ENCRYPTED          is encrypted (a password, or only permissions)
 *   PDF_JAVASCRIPT         carries JavaScript (document, page, annotation or form actions; XFA)
 *   PDF_LAUNCH             carries a launch action (opens another file or a program)
 *   PDF_EMBEDDED_FILE      carries embedded files (attachments, file attachment annotations)
 *   PDF_INFLATES_TOO_MUCH  its streams decode to more than 50 MiB (a decompression bomb)
 *   PDF_UNREADABLE         pdf.js (Mozilla's PDF reader) cannot open it or its pages
 *   PDF_TOO_COMPLEX        the check ran out of its time, memory, objects or nesting
 *
 * The raw structure is read first (pdf-scan.ts: names, object streams, every stream decoded against
 * the budget), then pdf.js opens the document and reads its first pages, their annotations and its
 * attachments and scripts. Both run in a worker thread of their own, one per CV and at most half
 * the cores' worth at a time: the thread is ended at the time limit, and its heap is capped, so a
 * hostile file costs the server a bounded time and memory and never blocks its event loop. pdf.js
 * is loaded only in that thread (never by the app's bundle, nor by the server's main thread).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type ScanLimits, type ScanProblem, scanPdf, TooComplex } from './pdf-scan.ts';

export type PdfProblem = ScanProblem | 'FILE_NOT_PDF' | 'PDF_UNREADABLE';

export interface PdfCheckLimits extends ScanLimits {
  /** Pages pdf.js opens (with their annotations); later pages are covered by the raw scan only. */
  maxPages: number;
  /** The whole check, the thread's start included. */
  timeoutMs: number;
  /** The thread's heap. */
  maxHeapMb: number;
}

export const PDF_CHECK_LIMITS: PdfCheckLimits = {
  maxInflatedBytes: 50 * 1024 * 1024,
  maxObjects: 200_000,
  maxPages: 100,
  timeoutMs: 10_000,
  maxHeapMb: 256,
};
/** Checks at once: half the cores (one on a 2-core machine), so hostile files never take them all. */
const MAX_RUNNING = Math.max(1, Math.floor(availableParallelism() / 2));
const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/**
 * The check itself, in the calling thread: pdf-check-worker.mjs runs it with pdf.js imported by
 * Node itself (through tsx's loader its 2 MB of JavaScript take ten times as long to load).
 */
export async function inspectPdf(
  bytes: Uint8Array,
  limits: PdfCheckLimits,
  pdfjs: Pdfjs,
): Promise<PdfProblem | null> {
  if (!MAGIC.every((b, i) => bytes[i] === b)) return 'FILE_NOT_PDF';
  try {
    const raw = await scanPdf(bytes, limits);
    if (raw) return raw;
  } catch (e) {
    if (e instanceof TooComplex || e instanceof RangeError) return 'PDF_TOO_COMPLEX';
    throw e;
  }
  return readWithPdfjs(bytes, limits, pdfjs);
}

async function readWithPdfjs(
  bytes: Uint8Array,
  limits: PdfCheckLimits,
  { AnnotationType, getDocument, VerbosityLevel }: Pdfjs,
): Promise<PdfProblem | null> {
  const task = getDocument({
    data: new Uint8Array(bytes), // a copy (pdf.js takes the buffer over, and refuses a Buffer)
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const doc = await task.promise;
    const info = (await doc.getMetadata()).info as { EncryptFilterName?: unknown; IsXFAPresent?: unknown };
    if (info.EncryptFilterName) return 'PDF_ENCRYPTED';
    if (info.IsXFAPresent || (await doc.getJSActions())) return 'PDF_JAVASCRIPT';
    if (await doc.getAttachments()) return 'PDF_EMBEDDED_FILE';
    if (doc.numPages < 1) return 'PDF_UNREADABLE';
    for (let n = 1; n <= Math.min(doc.numPages, limits.maxPages); n++) {
      const page = await doc.getPage(n);
      if (await page.getJSActions()) return 'PDF_JAVASCRIPT';
      for (const a of (await page.getAnnotations()) as {
        annotationType?: number;
        attachment?: unknown;
        actions?: Record<string, unknown>;
      }[]) {
        if (a.actions && Object.keys(a.actions).length > 0) return 'PDF_JAVASCRIPT';
        if (a.annotationType === AnnotationType.FILEATTACHMENT || a.attachment) return 'PDF_EMBEDDED_FILE';
      }
    }
    return null;
  } catch (e) {
    const name = (e as { name?: unknown })?.name;
    return name === 'PasswordException' ? 'PDF_ENCRYPTED' : 'PDF_UNREADABLE';
  } finally {
    await task.destroy();
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<void> {
  if (running < MAX_RUNNING) {
    running++;
    return;
  }
  await new Promise<void>((go) => waiting.push(go));
}
function done() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

const WORKER = new URL('./pdf-check-worker.mjs', import.meta.url);

/** The CV's problem, or null when it may be kept and mailed. Rejects only when the check cannot run. */
export async function checkPdf(
  bytes: Uint8Array,
  overrides: Partial<PdfCheckLimits> = {},
): Promise<PdfProblem | null> {
  const limits = { ...PDF_CHECK_LIMITS, ...overrides };
  await turn();
  try {
    return await new Promise<PdfProblem | null>((resolve, reject) => {
      const worker = new Worker(WORKER, {
        workerData: { bytes, limits },
        resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, stackSizeMb: 4 },
        // not the parent's flags (tsx's loader when run by `tsx`): the worker loads the check itself
        execArgv: [],
        // pdf.js may write to the console: never into the server's log
        stdout: true,
        stderr: true,
      });
      worker.stdout.resume();
      worker.stderr.resume();
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        void worker.terminate();
      };
      const timer = setTimeout(() => settle(() => resolve('PDF_TOO_COMPLEX')), limits.timeoutMs);
      worker.on('message', (m: { problem: PdfProblem | null }) => settle(() => resolve(m.problem)));
      worker.on('error', (e: Error & { code?: string }) =>
        settle(() => (e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve('PDF_TOO_COMPLEX') : reject(e))),
      );
      worker.on('exit', (code) =>
        settle(() => reject(new Error(`the PDF check ended (exit ${code}) without an answer`))),
      );
    });
  } finally {
    done();
  }
}
