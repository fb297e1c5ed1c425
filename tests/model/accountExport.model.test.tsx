import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { EXPORT_FILE_NAMES, type ExportFormat } from '../../contract/account-settings-rules';
import { accountExportMachine } from '../../machines/accountExport';
import { settingsData } from '../support/settings-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Account Settings' "Your data" section (issue 25) on the real page: her data as
 * JSON or as a readable page, fetched (the server's answer an explicit event) and saved under its
 * neutral name; too many downloads this hour, or a failure, said in words, and asked again.
 */
const coverage = new Coverage('accountExport', accountExportMachine);
const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadSettings: () => resolves(settingsData()),
    loadDevices: () => resolves({ devices: [] }),
    exportData: () => controlledActor<Blob, { format: ExportFormat }>(),
  },
});
const exporting = () => ui.stubs.exportData;

// the browser's side of saving a file: jsdom has no object URLs and does not follow a download link
const saved: { name: string; file: Blob }[] = [];
const blobs = new Map<string, Blob>();
beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:http://localhost/data-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ name: this.download, file: blobs.get(this.href)! });
  });
});
afterAll(() => vi.restoreAllMocks());

const FILES: Record<ExportFormat, Blob> = {
  json: new Blob(['{"profile":{"alias":"noor"}}'], { type: 'application/json' }),
  html: new Blob(['<!doctype html><title>data</title>'], { type: 'text/html' }),
};
const section = () => screen.getByTestId('settings-export');
const button = (format: ExportFormat) => within(section()).getByTestId(`export-${format}`);
let savedBefore = 0;

const model = createMachine({
  id: 'accountExportModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'idle' } },
    idle: { on: { DOWNLOAD_JSON: 'downloadingJson', DOWNLOAD_HTML: 'downloadingHtml' } },
    downloadingJson: { on: { SAVED: 'savedJson', RATE_LIMITED: 'rateLimited', FAIL: 'failed' } },
    downloadingHtml: { on: { SAVED: 'savedHtml' } },
    savedJson: { on: { DOWNLOAD_HTML: 'downloadingHtml' } },
    savedHtml: {},
    rateLimited: { on: { DOWNLOAD_JSON: 'downloadingJson' } },
    failed: { on: { DOWNLOAD_HTML: 'downloadingHtml' } },
  },
});
const paths = createTestModel(model).getShortestPaths({ allowDuplicatePaths: true });

async function expectDownloading(format: ExportFormat) {
  await waitFor(() => expect(exporting().last()?.input).toEqual({ format }));
  expect(button(format)).toHaveAttribute('aria-busy', 'true');
  expect(button(format === 'json' ? 'html' : 'json')).toBeDisabled();
  expect(section()).toHaveTextContent(ui.t('settings.export.preparing'));
  expect(within(section()).queryByTestId('export-error')).toBeNull();
}

async function expectSaved(format: ExportFormat) {
  await waitFor(() => expect(section()).toHaveTextContent(ui.t('settings.export.saved')));
  expect(saved).toHaveLength(savedBefore + 1);
  expect(saved.at(-1)!.name).toBe(EXPORT_FILE_NAMES[format]);
  expect(saved.at(-1)!.file).toBe(FILES[format]);
  expect(button('json')).toBeEnabled();
  expect(button('html')).toBeEnabled();
}

async function expectRefused(description: string) {
  const alert = await within(section()).findByTestId('export-error');
  expect(alert).toHaveAttribute('role', 'alert');
  expect(alert).toHaveTextContent(ui.t('settings.export.failed'));
  expect(alert).toHaveTextContent(description);
  expect(saved).toHaveLength(savedBefore);
  expect(button('json')).toBeEnabled();
}

const download = (format: ExportFormat) => async () => {
  savedBefore = saved.length;
  await ui.app.user.click(button(format));
};

describe('"Your data" section model on the real page', () => {
  beforeAll(() => import('../../src/views/settings/SettingsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(6));

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/dashboard/settings', { ready: 'settings-export' }),
        DOWNLOAD_JSON: download('json'),
        DOWNLOAD_HTML: download('html'),
        SAVED: () => exporting().resolve(FILES[exporting().last()!.input.format]),
        RATE_LIMITED: () => exporting().reject({ code: 'RATE_LIMITED', retryAfter: 1800 }),
        FAIL: () => exporting().reject({ code: 'NETWORK_ERROR' }),
      },
      states: {
        closed: ui.expectClosed,
        idle: () => {
          expect(button('json')).toHaveTextContent(ui.t('settings.export.json'));
          expect(button('html')).toHaveTextContent(ui.t('settings.export.html'));
          expect(exporting().calls).toHaveLength(0);
        },
        downloadingJson: () => expectDownloading('json'),
        downloadingHtml: () => expectDownloading('html'),
        savedJson: () => expectSaved('json'),
        savedHtml: () => expectSaved('html'),
        rateLimited: () =>
          expectRefused(ui.t('errors.rateLimited', { wait: ui.t('time.minutes', { count: 30 }) })),
        failed: () => expectRefused(ui.t('errors.network')),
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
