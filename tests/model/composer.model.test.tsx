import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CircleMe, CirclePost } from '../../contract/circle';
import { composerMachine } from '../../machines/composer';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of her writing in the circle (issue 27) on the real screens inside the real
 * dashboard: a new thread (rules before her first post, a length problem, personal details found
 * and named, what the server refuses, a failure with the draft kept and a retry, published or
 * waiting for a moderator with the safety panel after words of crisis), a reply written again after
 * it went, and an edit of her own post. The circle's requests are held until the test answers.
 * The test's area shows the reply and edit composers on their own (the thread page embeds them).
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/circle-client', () => ({
  circleRequest: (path: string, o?: object) => server.current!.request(path, o),
}));
const edited = vi.hoisted(() => ({ done: 0, saved: null as string | null }));
vi.mock('../../src/views/community/CommunityArea', async () => {
  const { Route, Switch } = await import('wouter');
  const { default: NewThreadView } = await import('../../src/views/community/composer/NewThreadView');
  const { ReplyComposer } = await import('../../src/views/community/composer/ReplyComposer');
  const { EditPost } = await import('../../src/views/community/composer/EditPost');
  const { POST } = await import('./composer-fixtures');
  return {
    default: () => (
      <Switch>
        <Route path="/dashboard/circle/s/:space/new" component={NewThreadView} />
        <Route path="/dashboard/circle/t/:id">
          {(p: { id: string }) => <ReplyComposer threadId={p.id} />}
        </Route>
        <Route path="/dashboard/circle/edit">
          <EditPost
            post={POST}
            onDone={(saved) => {
              edited.done++;
              edited.saved = saved?.body ?? null;
            }}
          />
        </Route>
      </Switch>
    ),
  };
});

import { outcome, POST, TID } from './composer-fixtures';

const coverage = new Coverage('composer', composerMachine);
const ui = modelApp({ coverage, member: true });
const api = () => server.current!;

const ME: CircleMe = {
  rulesAcceptedAt: '2026-11-01T10:00:00.000Z',
  unread: 0,
  suspendedUntil: null,
  warning: null,
  email: { available: false, replies: false },
};
const NEW_ME: CircleMe = { ...ME, rulesAcceptedAt: null };
const TITLE = 'Heavy periods after my second baby';
const BODY = 'Is it normal that they are so heavy a year later?';
const DETAILS = 'my name is Sara, call me on ٠٧٩١٢٣٤٥٦٧';

const field = (name: string) => screen.getByTestId(`field-${name}`);
const send = () => ui.app.user.click(screen.getByTestId('composer-send'));
async function type(name: string, text: string) {
  await ui.app.user.clear(field(name));
  await ui.app.user.type(field(name), text);
}
/** The region that announces the check's findings and the failures (aria-live). */
const announced = () => screen.getByTestId('composer-announce');

const thread = createMachine({
  id: 'threadComposerModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { ME_RULES: 'draft', ME_NEW: 'needsRules', ME_FAIL: 'draftUnknown' } },
    draftUnknown: {},
    needsRules: { on: { ACCEPT: 'accepting' } },
    accepting: { on: { ACCEPT_OK: 'rulesAccepted', ACCEPT_FAIL: 'rulesRefused' } },
    rulesAccepted: {},
    rulesRefused: {},
    draft: { on: { SEND_EMPTY: 'tooShort', WRITE_DETAILS: 'needsEdit' } },
    tooShort: {},
    needsEdit: { on: { FIX_AND_SEND: 'sending' } },
    sending: {
      on: {
        PUBLISHED: 'published',
        PENDING_CRISIS: 'waiting',
        REFUSED_WORDS: 'serverEdit',
        RULES_REQUIRED: 'rulesAgain',
        INVALID: 'invalid',
        SUSPENDED: 'failed',
      },
    },
    published: {},
    waiting: {},
    serverEdit: {},
    rulesAgain: {},
    invalid: {},
    failed: { on: { RETRY: 'resending' } },
    resending: { on: { PUBLISHED: 'publishedAfterRetry' } },
    publishedAfterRetry: {},
  },
});

const expectDraft = async () => {
  expect(await screen.findByTestId('composer')).toBeInTheDocument();
  expect(screen.getByTestId('composer-body-left')).toHaveTextContent(
    ui.t('community.composer.left', { count: 5000 }),
  );
  expect(screen.getByTestId('field-postAs')).toHaveTextContent(ui.t('community.composer.postAs.member'));
};
const expectKept = () => {
  expect(field('title')).toHaveValue(TITLE);
  expect(field('body')).toHaveValue(BODY);
};

describe('composer model: a new thread on the real page', () => {
  it('generates paths', () => expect(createTestModel(thread).getSimplePaths().length).toBeGreaterThan(8));

  followPaths(
    createTestModel(thread).getSimplePaths(),
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          sessionStorage.clear();
          await ui.open('/dashboard/circle/s/periods/new', { ready: 'circle-new-thread' });
        },
        ME_RULES: () => api().answer('/circle/me', ME),
        ME_NEW: () => api().answer('/circle/me', NEW_ME),
        ME_FAIL: () => api().fail('/circle/me', { code: 'NETWORK_ERROR' }),
        ACCEPT: () => ui.press('community.composer.rules.accept'),
        ACCEPT_OK: () => api().answer('/circle/me/rules', ME, 'PUT'),
        ACCEPT_FAIL: () => api().fail('/circle/me/rules', { code: 'NETWORK_ERROR' }, 'PUT'),
        SEND_EMPTY: () => send(),
        WRITE_DETAILS: async () => {
          await type('title', TITLE);
          await type('body', `${BODY} ${DETAILS}`);
          await ui.app.user.click(screen.getByText(ui.t('community.composer.postAs.member')));
          await send();
        },
        FIX_AND_SEND: async () => {
          await type('title', TITLE);
          await type('body', BODY);
          await send();
        },
        PUBLISHED: () => api().answer('/circle/threads', outcome('published', false), 'POST'),
        PENDING_CRISIS: () => api().answer('/circle/threads', outcome('pending', true), 'POST'),
        REFUSED_WORDS: () => api().fail('/circle/threads', { code: 'CIRCLE_WORDS_REFUSED' }, 'POST'),
        RULES_REQUIRED: () => api().fail('/circle/threads', { code: 'CIRCLE_RULES_REQUIRED' }, 'POST'),
        INVALID: () =>
          api().fail(
            '/circle/threads',
            { code: 'VALIDATION_ERROR', fields: { title: 'TEXT_TOO_LONG' } },
            'POST',
          ),
        SUSPENDED: () => api().fail('/circle/threads', { code: 'CIRCLE_SUSPENDED' }, 'POST'),
        RETRY: () => ui.press('community.composer.retry'),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('composer-loading')).toBeInTheDocument();
        },
        draftUnknown: expectDraft,
        draft: expectDraft,
        needsRules: async () => {
          const rules = await screen.findByTestId('composer-rules');
          expect(rules).toHaveTextContent(ui.t('circle.rules.item2'));
          expect(screen.queryByTestId('composer')).toBeNull();
        },
        accepting: async () => {
          await waitFor(() => expect(api().open('/circle/me/rules', 'PUT')).toHaveLength(1));
        },
        rulesAccepted: expectDraft,
        rulesRefused: async () => {
          expect(await screen.findByTestId('composer-rules-error')).toHaveTextContent(
            ui.t('community.composer.rules.error'),
          );
        },
        tooShort: async () => {
          await waitFor(() =>
            expect(screen.getByTestId('composer')).toHaveTextContent(
              ui.t('community.composer.problem.REQUIRED'),
            ),
          );
          expect(field('title')).toHaveAttribute('aria-invalid', 'true');
          expect(api().open('/circle/threads', 'POST')).toHaveLength(0);
        },
        needsEdit: async () => {
          const found = await within(announced()).findByTestId('composer-found');
          expect(within(found).getByTestId('composer-found-kinds')).toHaveTextContent(
            `${ui.t('community.composer.found.name')} and ${ui.t('community.composer.found.phone')}`,
          );
          const marks = within(found)
            .getAllByTestId('composer-found-match')
            .map((m) => m.textContent);
          expect(marks).toEqual(['my name is Sara', '٠٧٩١٢٣٤٥٦٧']);
          expect(api().open('/circle/threads', 'POST')).toHaveLength(0);
        },
        sending: async () => {
          await waitFor(() =>
            expect(api().last('/circle/threads', 'POST').body).toEqual({
              spaceId: 'periods',
              title: TITLE,
              body: BODY,
              anonymous: true,
            }),
          );
          expect(screen.getByTestId('composer-send')).toHaveAttribute('aria-busy', 'true');
        },
        published: async () => {
          expect(await screen.findByTestId('composer-published')).toHaveTextContent(
            ui.t('community.composer.published.title'),
          );
          expect(screen.getByRole('link', { name: ui.t('community.composer.viewThread') })).toHaveAttribute(
            'href',
            `/dashboard/circle/t/${TID}`,
          );
          expect(screen.queryByTestId('circle-safety-panel')).toBeNull();
          expect(sessionStorage.getItem('circle-draft:thread:periods')).toBeNull();
        },
        publishedAfterRetry: async () => {
          expect(await screen.findByTestId('composer-published')).toBeInTheDocument();
          expect(api().calls.filter((c) => c.path === '/circle/threads')).toHaveLength(2);
        },
        waiting: async () => {
          expect(await screen.findByTestId('composer-waiting')).toHaveTextContent(
            ui.t('community.composer.waiting.title'),
          );
          const panel = screen.getByTestId('circle-safety-panel');
          expect(panel).toHaveTextContent(ui.t('community.safety.danger'));
          expect(within(panel).getByTestId('circle-safety-page')).toHaveAttribute('href', '/safeguarding');
          expect(within(panel).getByTestId('circle-safety-exit')).toHaveTextContent(
            ui.t('safety.quickExit.label'),
          );
        },
        serverEdit: async () => {
          expect(await screen.findByTestId('composer-found')).toHaveTextContent(
            ui.t('community.composer.refused.CIRCLE_WORDS_REFUSED'),
          );
          expectKept();
        },
        rulesAgain: async () => {
          expect(await screen.findByTestId('composer-rules')).toBeInTheDocument();
        },
        invalid: async () => {
          await waitFor(() =>
            expect(screen.getByTestId('composer')).toHaveTextContent(
              ui.t('community.composer.problem.TEXT_TOO_LONG'),
            ),
          );
          expectKept();
        },
        failed: async () => {
          // said in the live region
          expect(await within(announced()).findByTestId('composer-failed')).toHaveTextContent(
            ui.t('community.composer.error.CIRCLE_SUSPENDED'),
          );
          expectKept();
          // kept for a reload too
          expect(JSON.parse(sessionStorage.getItem('circle-draft:thread:periods') ?? '{}')).toEqual({
            title: TITLE,
            body: BODY,
          });
        },
        resending: async () => {
          await waitFor(() => expect(api().open('/circle/threads', 'POST')).toHaveLength(1));
        },
      },
    },
    60_000,
  );
});

const reply = createMachine({
  id: 'replyComposerModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { ME_RULES: 'draft' } },
    draft: { on: { WRITE: 'sending' } },
    sending: { on: { PUBLISHED: 'published', PENDING: 'waiting' } },
    published: { on: { AGAIN: 'again' } },
    waiting: { on: { AGAIN: 'again' } },
    again: {},
  },
});
const REPLY = 'It was like that for me too.';

describe('composer model: a reply at the bottom of a thread', () => {
  followPaths(
    createTestModel(reply).getSimplePaths(),
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          sessionStorage.clear();
          await ui.open(`/dashboard/circle/t/${TID}`, { ready: 'circle-reply-composer' });
        },
        ME_RULES: () => api().answer('/circle/me', ME),
        WRITE: async () => {
          await ui.app.user.type(await screen.findByTestId('field-body'), REPLY);
          await send();
        },
        PUBLISHED: () => api().answer(`/circle/threads/${TID}/replies`, outcome('published', false), 'POST'),
        PENDING: () => api().answer(`/circle/threads/${TID}/replies`, outcome('pending', false), 'POST'),
        AGAIN: () => ui.press('community.composer.again'),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('composer-loading')).toBeInTheDocument();
        },
        draft: async () => {
          expect(await screen.findByTestId('field-body')).toHaveValue('');
          expect(screen.getByTestId('composer-body-left')).toHaveTextContent(
            ui.t('community.composer.left', { count: 3000 }),
          );
        },
        sending: async () => {
          await waitFor(() =>
            expect(api().last(`/circle/threads/${TID}/replies`, 'POST').body).toEqual({
              body: REPLY,
              anonymous: false,
            }),
          );
        },
        published: async () => {
          expect(await screen.findByTestId('composer-published')).toBeInTheDocument();
        },
        waiting: async () => {
          expect(await screen.findByTestId('composer-waiting')).toHaveTextContent(
            ui.t('community.composer.waiting.body'),
          );
          expect(screen.queryByTestId('circle-safety-panel')).toBeNull();
        },
        again: async () => {
          expect(await screen.findByTestId('field-body')).toHaveValue('');
        },
      },
    },
    60_000,
  );
});

const edit = createMachine({
  id: 'editComposerModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'draft' } },
    draft: { on: { SAVE: 'saving' } },
    saving: { on: { SAVED: 'done' } },
    done: {},
  },
});
const CHANGED = 'I meant a year and a half later.';

describe('composer model: an edit of her own post', () => {
  followPaths(
    createTestModel(edit).getSimplePaths(),
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          edited.done = 0;
          edited.saved = null;
          await ui.open('/dashboard/circle/edit', { ready: 'circle-edit-post' });
        },
        SAVE: async () => {
          await type('body', CHANGED);
          await send();
        },
        SAVED: () =>
          api().answer(`/circle/posts/${POST.id}`, { ...POST, body: CHANGED } satisfies CirclePost, 'PATCH'),
      },
      states: {
        closed: ui.expectClosed,
        draft: async () => {
          // no rules to ask: straight to her text
          expect(field('body')).toHaveValue(POST.body);
          expect(api().calls).toHaveLength(0);
          expect(screen.queryByTestId('field-postAs')).toBeNull();
        },
        saving: async () => {
          await waitFor(() =>
            expect(api().last(`/circle/posts/${POST.id}`, 'PATCH').body).toEqual({ body: CHANGED }),
          );
        },
        done: async () => {
          await waitFor(() => expect(edited.done).toBe(1));
          // the thread is given the post as saved
          expect(edited.saved).toBe(CHANGED);
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
