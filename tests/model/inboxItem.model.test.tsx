import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { InboxItem } from '../../contract/staff-inbox';
import { inboxItemMachine } from '../../machines/inboxItem';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of one inbox message, /staff/inbox/:id (issue 26), on the real page inside the
 * real staff area: an expert application with its CV, every field under the form's own label and
 * its choices as words; the status changed, a note refused empty then added, the CV saved as a
 * file; each refusal said and what was typed kept. The server's answers are explicit events.
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
  staffDownload: (path: string, signal?: AbortSignal) => server.current!.request(path, { signal }),
}));

const coverage = new Coverage('inboxItem', inboxItemMachine);
const ui = modelApp({ coverage });
const api = () => server.current!;
const ID = '00000000-0000-4000-8000-000000000042';
const AT = `/inbox/${ID}`;

const ITEM: InboxItem = {
  id: ID,
  kind: 'expert-application',
  status: 'new',
  urgent: false,
  locale: 'ar',
  from: 'Dr Huda Saleh',
  preview: 'I have worked as a midwife for twelve years',
  createdAt: '2026-11-27T10:00:00.000Z',
  notes: 0,
  fields: {
    name: 'Dr Huda Saleh',
    email: 'huda@example.org',
    profession: 'midwife',
    specialty: 'Perinatal care',
    languages: 'ar-en',
    yearsOfPractice: '12',
    licence: 'Jordan Medical Council 5521',
    statement: 'I have worked as a midwife for twelve years and teach young mothers.',
  },
  cv: { size: 20480 },
  noteList: [],
};
const NOTE = 'Called her back; interview next week.';
const withNote: InboxItem = {
  ...ITEM,
  notes: 1,
  noteList: [
    {
      id: '00000000-0000-4000-8000-0000000000aa',
      body: NOTE,
      staffName: 'Salma Haddad',
      createdAt: '2026-11-28T09:00:00.000Z',
    },
  ],
};

// the browser's side of saving a file: jsdom has no object URLs and does not follow a download link
const saved: string[] = [];
beforeAll(() => {
  URL.createObjectURL = () => 'blob:http://localhost/cv';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push(this.download);
  });
});
afterAll(() => vi.restoreAllMocks());

const page = () => screen.getByTestId('staff-inbox-item');
const noteBox = () => within(page()).getByRole('textbox', { name: ui.t('staff.inbox.item.noteLabel') });
const statusItem = (s: string) =>
  within(screen.getByTestId('inbox-status')).getByText(ui.t(`staff.inbox.status.${s}`));
const checked = () =>
  screen.getByTestId('inbox-status').querySelector('[data-part="item"][data-state="checked"]')?.textContent;

const model = createMachine({
  id: 'inboxItemModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { ITEM: 'open', NOT_FOUND: 'notFound' } },
    notFound: { on: { RETRY: 'reloading' } },
    reloading: { on: { ITEM: 'reopened' } },
    reopened: {},
    open: {
      on: {
        SUBMIT_EMPTY: 'noteRequired',
        IN_PROGRESS: 'savingStatus',
        TYPE_NOTE: 'typed',
        CV: 'downloading',
      },
    },
    noteRequired: {},
    typed: { on: { ADD_NOTE: 'savingNote' } },
    savingNote: { on: { NOTE_OK: 'noteAdded', NOTE_FAIL: 'noteRefused' } },
    noteAdded: {},
    noteRefused: {},
    savingStatus: { on: { STATUS_OK: 'statusChanged', STATUS_FAIL: 'statusRefused' } },
    statusChanged: {},
    statusRefused: {},
    downloading: { on: { CV_OK: 'cvSaved', CV_FAIL: 'cvRefused' } },
    cvSaved: {},
    cvRefused: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectOpen() {
  await screen.findByTestId('inbox-fields');
  const fields = screen.getByTestId('inbox-fields');
  // the form's own labels, the choices as words, the language she wrote in
  expect(fields).toHaveTextContent(ui.t('forms.expert-application.licence.label'));
  expect(fields).toHaveTextContent('Jordan Medical Council 5521');
  expect(fields).toHaveTextContent(ui.t('forms.option.profession.midwife'));
  expect(fields).toHaveTextContent(ui.t('forms.option.languages.ar-en'));
  expect(page()).toHaveTextContent(
    ui.t('staff.inbox.item.language', { language: ui.t('staff.inbox.item.languageName.ar') }),
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dr Huda Saleh');
  expect(checked()).toBe(ui.t('staff.inbox.status.new'));
  expect(page()).toHaveTextContent(ui.t('staff.inbox.item.noNotes'));
  expect(screen.getByTestId('inbox-cv')).toBeEnabled();
}

const refused = async () =>
  expect(await screen.findByTestId('inbox-item-refused')).toHaveTextContent(ui.t('staff.inbox.item.refused'));

describe('inbox message model on the real page', () => {
  beforeAll(() => import('../../src/views/staff-inbox/InboxItemView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(4));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          await ui.open(`/staff/inbox/${ID}?status=new`, { ready: 'staff-inbox-item' });
        },
        ITEM: () => api().answer(AT, ITEM),
        NOT_FOUND: () => api().fail(AT, { code: 'NOT_FOUND' }),
        RETRY: () => ui.press('staff.inbox.retry'),
        SUBMIT_EMPTY: () => ui.press('staff.inbox.item.noteAdd'),
        TYPE_NOTE: () => ui.app.user.type(noteBox(), NOTE),
        ADD_NOTE: () => ui.press('staff.inbox.item.noteAdd'),
        NOTE_OK: () => api().answer(`${AT}/notes`, withNote, 'POST'),
        NOTE_FAIL: () => api().fail(`${AT}/notes`, { code: 'NETWORK_ERROR' }, 'POST'),
        IN_PROGRESS: () => ui.app.user.click(statusItem('in-progress')),
        STATUS_OK: () => api().answer(AT, { ...ITEM, status: 'in-progress' }, 'PATCH'),
        STATUS_FAIL: () => api().fail(AT, { code: 'NETWORK_ERROR' }, 'PATCH'),
        CV: () => ui.app.user.click(screen.getByTestId('inbox-cv')),
        CV_OK: () => api().answer(`${AT}/cv`, new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
        CV_FAIL: () => api().fail(`${AT}/cv`, { code: 'NOT_FOUND' }),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('inbox-item-loading')).toBeInTheDocument();
          // back to the list keeps its filters
          expect(screen.getByTestId('inbox-back')).toHaveAttribute('href', '/staff/inbox?status=new');
        },
        notFound: async () => {
          expect(await screen.findByTestId('inbox-item-error')).toHaveTextContent(
            ui.t('staff.inbox.item.notFound'),
          );
        },
        reloading: async () => {
          expect(await screen.findByTestId('inbox-item-loading')).toBeInTheDocument();
          expect(api().open(AT)).toHaveLength(1);
        },
        reopened: expectOpen,
        open: expectOpen,
        noteRequired: async () => {
          await waitFor(() => expect(page()).toHaveTextContent(ui.t('staff.inbox.item.error.REQUIRED')));
          expect(api().open(`${AT}/notes`, 'POST')).toHaveLength(0);
        },
        typed: async () => {
          await waitFor(() => expect(noteBox()).toHaveValue(NOTE));
          expect(page()).toHaveTextContent(
            ui.t('staff.inbox.item.noteCount', { count: NOTE.length, max: 2000 }),
          );
        },
        savingNote: async () => {
          await waitFor(() => expect(api().last(`${AT}/notes`, 'POST').body).toEqual({ body: NOTE }));
          expect(screen.getByTestId('inbox-note-add')).toHaveAttribute('aria-busy', 'true');
        },
        noteAdded: async () => {
          expect(await screen.findByTestId('inbox-notes')).toHaveTextContent(NOTE);
          expect(screen.getByTestId('inbox-item-done')).toHaveTextContent(ui.t('staff.inbox.item.done.note'));
          expect(noteBox()).toHaveValue('');
        },
        noteRefused: async () => {
          await refused();
          // what she typed stays
          expect(noteBox()).toHaveValue(NOTE);
        },
        savingStatus: async () => {
          await waitFor(() => expect(api().last(AT, 'PATCH').body).toEqual({ status: 'in-progress' }));
        },
        statusChanged: async () => {
          await waitFor(() => expect(checked()).toBe(ui.t('staff.inbox.status.in-progress')));
          expect(screen.getByTestId('inbox-item-done')).toHaveTextContent(
            ui.t('staff.inbox.item.done.status', { status: ui.t('staff.inbox.status.in-progress') }),
          );
        },
        statusRefused: async () => {
          await refused();
          expect(checked()).toBe(ui.t('staff.inbox.status.new'));
        },
        downloading: async () => {
          await waitFor(() => expect(api().open(`${AT}/cv`)).toHaveLength(1));
          expect(screen.getByTestId('inbox-cv')).toHaveAttribute('aria-busy', 'true');
        },
        cvSaved: async () => {
          await waitFor(() =>
            expect(screen.getByTestId('inbox-item-done')).toHaveTextContent(ui.t('staff.inbox.item.done.cv')),
          );
          expect(saved.at(-1)).toBe('cv-00000000.pdf');
        },
        cvRefused: async () => {
          await refused();
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
