import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ExpertProfileTexts } from '../../contract/staff-expert';
import { expertProfileMachine } from '../../machines/expertProfile';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of her profile texts, /staff/profile (issue 26), on the real page inside the real
 * staff area: both languages' texts with the live ones beside them (Arabic right to left), a refused
 * draft with the admin's reason, blank texts said before the server is asked, the server's field
 * codes at their fields, Submit for approval → waiting for approval, nothing lost on a failure.
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
}));

const coverage = new Coverage('expertProfile', expertProfileMachine);
const ui = modelApp({ coverage });
const api = () => server.current!;

const LIVE = {
  en: { title: 'Gynaecologist', bio: 'She helps women through menopause.', qualifications: 'MD' },
  ar: { title: 'طبيبة نسائية', bio: 'تساعد النساء في سن اليأس.', qualifications: 'دكتوراه في الطب' },
};
const REASON = 'Please keep the title short.';
const PROFILE: ExpertProfileTexts = {
  name: { en: 'Dr Rana Aziz', ar: 'د. رنا عزيز' },
  live: LIVE,
  draft: {
    texts: { ...LIVE, en: { ...LIVE.en, title: 'Gynaecologist, menopause specialist and educator' } },
    status: 'rejected',
    submittedAt: '2026-11-27T09:00:00Z',
    reason: REASON,
  },
};
const NEW_TITLE = 'Gynaecologist and menopause specialist';
const SENT = { ...PROFILE.draft!.texts, en: { ...PROFILE.draft!.texts.en, title: NEW_TITLE } };

const box = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const submit = () => ui.app.user.click(screen.getByTestId('profile-submit'));
async function retitle(value: string) {
  await ui.app.user.clear(box('profile-en-title'));
  if (value) await ui.app.user.type(box('profile-en-title'), value);
}

const model = createMachine({
  id: 'expertProfileModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { PROFILE: 'editing', FAIL: 'loadFailed' } },
    loadFailed: { on: { RETRY: 'retrying' } },
    retrying: { on: { PROFILE: 'editingAgain' } },
    editingAgain: {},
    editing: { on: { BLANK_AND_SUBMIT: 'blank', EDIT_AND_SUBMIT: 'submitting' } },
    blank: { on: { TYPE_TITLE: 'typed' } },
    typed: {},
    submitting: { on: { SUBMIT_OK: 'pending', SERVER_FIELDS: 'invalidThere', SUBMIT_FAIL: 'failed' } },
    pending: {},
    invalidThere: {},
    failed: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectEditing() {
  // the refused draft is what she edits, with the admin's reason above it
  await waitFor(() => expect(box('profile-en-title')).toHaveValue(PROFILE.draft!.texts.en.title));
  expect(screen.getByTestId('profile-rejected')).toHaveTextContent(REASON);
  expect(screen.getByTestId('profile-en-title-live')).toHaveTextContent('Gynaecologist');
  expect(box('profile-ar-bio')).toHaveAttribute('dir', 'rtl');
  expect(box('profile-ar-bio')).toHaveValue(LIVE.ar.bio);
  expect(box('profile-en-bio')).toHaveAttribute('dir', 'ltr');
}

describe('expert profile model on the real page', () => {
  beforeAll(() => import('../../src/views/staff-expert/ExpertProfileView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(4));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          api().me = { ...api().me, roles: ['expert'], expertId: 'rana-aziz' };
          await ui.open('/staff/profile', { ready: 'expert-profile' });
        },
        PROFILE: () => api().answer('/expert/profile', PROFILE),
        FAIL: () => api().fail('/expert/profile', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('staff.expert.retry'),
        BLANK_AND_SUBMIT: async () => {
          await retitle('');
          await submit();
        },
        TYPE_TITLE: () => ui.app.user.type(box('profile-en-title'), 'G'),
        EDIT_AND_SUBMIT: async () => {
          await retitle(NEW_TITLE);
          await submit();
        },
        SUBMIT_OK: () =>
          api().answer(
            '/expert/profile',
            {
              ...PROFILE,
              draft: { texts: SENT, status: 'pending', submittedAt: '2026-11-28T10:00:00Z', reason: null },
            },
            'PUT',
          ),
        SERVER_FIELDS: () =>
          api().fail(
            '/expert/profile',
            { code: 'VALIDATION_ERROR', fields: { 'ar.bio': 'TEXT_TOO_LONG' } },
            'PUT',
          ),
        SUBMIT_FAIL: () => api().fail('/expert/profile', { code: 'NETWORK_ERROR' }, 'PUT'),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByText(ui.t('staff.expert.profile.loading'))).toBeInTheDocument();
        },
        loadFailed: async () => {
          expect(await screen.findByTestId('profile-load-error')).toHaveTextContent(
            ui.t('staff.expert.profile.loadError'),
          );
        },
        retrying: () => waitFor(() => expect(api().open('/expert/profile')).toHaveLength(1)),
        editingAgain: expectEditing,
        editing: expectEditing,
        blank: async () => {
          await waitFor(() =>
            expect(screen.getByTestId('profile-en-title-error')).toHaveTextContent(
              ui.t('staff.expert.problem.REQUIRED'),
            ),
          );
          expect(api().open('/expert/profile', 'PUT')).toHaveLength(0);
        },
        typed: async () => {
          await waitFor(() => expect(screen.queryByTestId('profile-en-title-error')).toBeNull());
          expect(box('profile-en-title')).toHaveValue('G');
        },
        submitting: async () => {
          await waitFor(() => expect(api().last('/expert/profile', 'PUT').body).toEqual(SENT));
          expect(screen.getByTestId('profile-submit')).toHaveAttribute('aria-busy', 'true');
        },
        pending: async () => {
          expect(await screen.findByTestId('profile-sent')).toHaveTextContent(
            ui.t('staff.expert.profile.sent'),
          );
          expect(screen.getByTestId('profile-pending')).toHaveTextContent(
            ui.t('staff.expert.profile.pending'),
          );
          expect(screen.queryByTestId('profile-rejected')).toBeNull();
          // the live texts stay until an admin approves
          expect(screen.getByTestId('profile-en-title-live')).toHaveTextContent(/^Gynaecologist$/);
        },
        invalidThere: async () => {
          await waitFor(() =>
            expect(screen.getByTestId('profile-ar-bio-error')).toHaveTextContent(
              ui.t('staff.expert.problem.TEXT_TOO_LONG'),
            ),
          );
          expect(box('profile-en-title')).toHaveValue(NEW_TITLE);
        },
        failed: async () => {
          expect(await screen.findByTestId('profile-error')).toHaveTextContent(ui.t('errors.network'));
          expect(box('profile-en-title')).toHaveValue(NEW_TITLE);
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
