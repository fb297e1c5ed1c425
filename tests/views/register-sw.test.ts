import { afterEach, describe, expect, it, vi } from 'vitest';
import { assetsWithoutWorker, sendUnseenAssets } from '../../src/app/offline/register-sw';

/**
 * What the page tells its new service worker to cache (src/app/offline/register-sw.ts): its own
 * hashed files that no worker handled, those loaded before it was there and those ending after it
 * took over (a learning screen fetched while the worker installed), never another origin's file,
 * a page, or a file the worker already saw.
 */
const entry = (path: string, workerStart: number) =>
  ({
    name: new URL(path, location.href).href,
    entryType: 'resource',
    workerStart,
  }) as unknown as PerformanceEntry;

/** A stand-in for the browser's observer: `deliver` hands it entries as the browser would. */
class FakeObserver {
  static last: FakeObserver;
  options?: PerformanceObserverInit;
  constructor(private readonly callback: (list: { getEntries(): PerformanceEntry[] }) => void) {
    FakeObserver.last = this;
  }
  observe(options: PerformanceObserverInit) {
    this.options = options;
  }
  disconnect() {}
  deliver(entries: PerformanceEntry[]) {
    this.callback({ getEntries: () => entries });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('the files the service worker is told to cache', () => {
  it('are the hashed files fetched without a worker, once each', () => {
    expect(
      assetsWithoutWorker([
        entry('/assets/index-a1.js', 0),
        entry('/assets/index-a1.js', 0),
        entry('/assets/LessonView-b2.js', 0),
        entry('/assets/QuizView-c3.js', 12.5),
        entry('/api/lms/courses', 0),
        entry('/courses', 0),
        entry('https://elsewhere.example/assets/x.js', 0),
      ]),
    ).toEqual(['/assets/index-a1.js', '/assets/LessonView-b2.js']);
  });

  it('go to the worker from the entries already there and from those ending later', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const worker = { postMessage: vi.fn() };
    sendUnseenAssets(worker);
    expect(FakeObserver.last.options).toEqual({ type: 'resource', buffered: true });

    FakeObserver.last.deliver([entry('/assets/index-a1.js', 0), entry('/assets/CoursePage-d4.js', 0)]);
    // a request that started before the worker took over and ended after it
    FakeObserver.last.deliver([entry('/assets/LessonView-b2.js', 0), entry('/assets/QuizView-c3.js', 3)]);
    // from now on the worker sees every request: nothing more to say
    FakeObserver.last.deliver([entry('/assets/CompletionView-e5.js', 8)]);

    expect(worker.postMessage.mock.calls).toEqual([
      [{ type: 'CACHE_URLS', payload: { urlsToCache: ['/assets/index-a1.js', '/assets/CoursePage-d4.js'] } }],
      [{ type: 'CACHE_URLS', payload: { urlsToCache: ['/assets/LessonView-b2.js'] } }],
    ]);
  });
});
