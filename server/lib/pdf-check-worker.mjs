/**
 * The thread pdf-check.ts starts for each CV: runs the check (loaded through tsx, so it starts the
 * same under `tsx server/main.ts` and under vitest) on the bytes it was given, posts the result.
 * pdf.js is imported here, by Node itself: through tsx's loader it takes ten times as long to load.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const { inspectPdf } = await tsImport('./pdf-check.ts', import.meta.url);
parentPort.postMessage({ problem: await inspectPdf(workerData.bytes, workerData.limits, pdfjs) });
