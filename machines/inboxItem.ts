import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type InboxItem, NOTE_MAX, type SubmissionStatus } from '../contract/staff-inbox';
import { savedAs, saveFile } from './save-file';
import { type AppError, notProvided, toAppError } from './types';

/**
 * One submission of the team inbox, /staff/inbox/:id (issue 26): every field she sent, its status
 * (new, in progress, closed), the team's notes with a new one (at most NOTE_MAX characters), and
 * an expert application's CV as a file. One change at a time; a refused change says so above the
 * notes and what was typed stays.
 */
export interface InboxItemContext {
  id: string;
  item: InboxItem | null;
  note: string;
  noteError: 'REQUIRED' | 'TEXT_TOO_LONG' | null;
  error: AppError | null;
  /** What the last change did: 'status' | 'note' | 'cv' (the page says it). */
  done: 'status' | 'note' | 'cv' | null;
}

export type InboxItemEvent =
  | { type: 'item.status'; status: SubmissionStatus }
  | { type: 'item.note.changed'; value: string }
  | { type: 'item.note.submit' }
  | { type: 'item.cv' }
  | { type: 'item.retry' };

/** Characters as people count them (an emoji is one). */
export const noteLength = (s: string) => [...s].length;

export function noteProblem(note: string): InboxItemContext['noteError'] {
  if (note.trim() === '') return 'REQUIRED';
  return noteLength(note) > NOTE_MAX ? 'TEXT_TOO_LONG' : null;
}

/** The CV's file name: "cv-" and the submission's first characters, nothing personal (not her name). */
export const cvFileName = (id: string) => `cv-${id.slice(0, 8).replace(/[^A-Za-z0-9]/g, '')}.pdf`;

const itemOf = ({ event }: { event: { output: InboxItem } }) => ({ item: event.output });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const inboxItemMachine = setup({
  types: {} as { context: InboxItemContext; input: { id: string }; events: InboxItemEvent },
  actors: {
    /** GET /staff/inbox/{id} */
    loadInboxItem: fromPromise<InboxItem, { id: string }>(notProvided),
    /** PATCH /staff/inbox/{id} { status } */
    setInboxStatus: fromPromise<InboxItem, { id: string; status: SubmissionStatus }>(notProvided),
    /** POST /staff/inbox/{id}/notes { body } */
    addInboxNote: fromPromise<InboxItem, { id: string; body: string }>(notProvided),
    /** GET /staff/inbox/{id}/cv */
    downloadCv: fromPromise<Blob, { id: string }>(notProvided),
  },
  guards: {
    otherStatus: ({ context, event }) => {
      assertEvent(event, 'item.status');
      return event.status !== context.item?.status;
    },
    noteHasProblem: ({ context }) => noteProblem(context.note) !== null,
    hasCv: ({ context }) => context.item?.cv != null,
  },
  actions: {
    keepItem: assign((_, { item }: { item: InboxItem }) => ({ item, error: null })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    clearError: assign({ error: null, done: null }),
    setNote: assign(({ event }) => {
      assertEvent(event, 'item.note.changed');
      return { note: event.value, noteError: null };
    }),
    showNoteProblem: assign(({ context }) => ({ noteError: noteProblem(context.note) })),
    clearNote: assign({ note: '', noteError: null }),
    markDone: assign((_, { done }: { done: InboxItemContext['done'] }) => ({ done })),
    /** Provided by the page: the PDF as a file. */
    saveFile,
  },
}).createMachine({
  id: 'inboxItem',
  description: 'One submission: its fields, status, notes and CV.',
  context: ({ input }) => ({ id: input.id, item: null, note: '', noteError: null, error: null, done: null }),
  initial: 'loading',
  on: { 'item.note.changed': { actions: 'setNote' } },
  states: {
    loading: {
      description: 'GET /staff/inbox/{id}.',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadInboxItem',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'open', actions: { type: 'keepItem', params: itemOf } },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    failed: {
      description: 'Not found, or it could not be read: a retry.',
      tags: ['step:failed'],
      on: { 'item.retry': 'loading' },
    },
    open: {
      description: 'The submission on screen; a status, a note or the CV may be asked for.',
      tags: ['step:ready'],
      initial: 'idle',
      on: {
        'item.status': { guard: 'otherStatus', target: 'savingStatus', actions: 'clearError' },
        'item.note.submit': [
          { guard: 'noteHasProblem', target: '.idle', actions: 'showNoteProblem' },
          { target: 'savingNote', actions: 'clearError' },
        ],
        'item.cv': { guard: 'hasCv', target: 'downloading', actions: 'clearError' },
      },
      states: {
        idle: { description: 'Nothing on its way.' },
        done: { description: 'The last change went through (said politely).', tags: ['done'] },
        refused: { description: 'The last change was refused: said above the notes.', tags: ['refused'] },
      },
    },
    savingStatus: {
      description: 'PATCH /staff/inbox/{id} { status }.',
      tags: ['step:ready', 'busy'],
      invoke: {
        src: 'setInboxStatus',
        input: ({ context, event }) => {
          assertEvent(event, 'item.status');
          return { id: context.id, status: event.status };
        },
        onDone: {
          target: 'open.done',
          actions: [
            { type: 'keepItem', params: itemOf },
            { type: 'markDone', params: { done: 'status' } },
          ],
        },
        onError: { target: 'open.refused', actions: { type: 'setError', params: errorOf } },
      },
    },
    savingNote: {
      description: 'POST /staff/inbox/{id}/notes; the note box waits.',
      tags: ['step:ready', 'busy'],
      invoke: {
        src: 'addInboxNote',
        input: ({ context }) => ({ id: context.id, body: context.note.trim() }),
        onDone: {
          target: 'open.done',
          actions: [
            { type: 'keepItem', params: itemOf },
            'clearNote',
            { type: 'markDone', params: { done: 'note' } },
          ],
        },
        onError: { target: 'open.refused', actions: { type: 'setError', params: errorOf } },
      },
    },
    downloading: {
      description: 'GET /staff/inbox/{id}/cv: the PDF, then saved as a file.',
      tags: ['step:ready', 'busy', 'downloading'],
      invoke: {
        src: 'downloadCv',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'open.done',
          actions: [
            { type: 'saveFile', params: savedAs((c: InboxItemContext) => cvFileName(c.id)) },
            { type: 'markDone', params: { done: 'cv' } },
          ],
        },
        onError: { target: 'open.refused', actions: { type: 'setError', params: errorOf } },
      },
    },
  },
});
