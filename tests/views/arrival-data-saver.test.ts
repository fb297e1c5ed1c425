import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, toPromise } from 'xstate';

/**
 * Arriving on the dashboard after sign-up (src/app/arrival.ts): its chunk is loaded ahead, unless the
 * data saver (issue 28) is on, when nothing is loaded ahead and the page's own loader shows.
 */
const init = vi.fn();
vi.mock('../../src/app/dashboard-chunk', () => ({ DashboardArea: { _init: init, _payload: {} } }));

const { arrivalActor } = await import('../../src/app/arrival');
const { applyDataSaver } = await import('../../src/app/data-saver-effects');

/** A language machine already holding the learning words. */
const language = createActor(
  createMachine({ initial: 'ready', context: { bundles: ['learning'] }, states: { ready: {} } }),
).start();

async function arrive() {
  await toPromise(createActor(arrivalActor(language as never, () => '/dashboard')).start());
}

afterEach(() => {
  applyDataSaver(false);
  init.mockClear();
});

describe('arriving on the dashboard', () => {
  it('loads its chunk ahead', async () => {
    await arrive();
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('loads nothing ahead with the data saver on', async () => {
    applyDataSaver(true);
    await arrive();
    expect(init).not.toHaveBeenCalled();
  });
});
