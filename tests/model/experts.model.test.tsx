import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ExpertProfile, ExpertsList } from '../../contract/experts';
import { type ExpertFilters, expertsMachine, NO_FILTERS } from '../../machines/experts';
import { EXPERTS, expertProfile, expertsList } from '../support/experts-fixtures';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the experts screens (issue 9): a test model whose server answers are explicit
 * events drives the REAL screens (real experts machine, real views, real routes, the filters in the
 * address) in jsdom: /experts with its Ark Select and SegmentGroup filters, Back, clear filters,
 * retry, a language switch; /experts/:id ready, not found, failed, another expert. Every state check
 * looks at the DOM. Coverage of the real machine is recorded through `inspect`.
 */
const coverage = new Coverage('experts', expertsMachine);

const ui = modelApp({
  coverage,
  stubs: {
    fetchExperts: () => controlledActor<ExpertsList, ExpertFilters>(),
    fetchExpert: () => controlledActor<ExpertProfile, { expertId: string }>(),
  },
});
const { t, money, settle } = ui;
const list = () => ui.stubs.fetchExperts;
const one = () => ui.stubs.fetchExpert;
const query = () => window.location.search;
const lastFilters = () => list().last()!.input;

/** What the fake server answers for the filters asked: the fixture experts that match them. */
function matching(f: ExpertFilters) {
  return EXPERTS.filter(
    (e) =>
      (!f.specialty || e.specialty === f.specialty) &&
      (!f.language || e.languages.includes(f.language)) &&
      (!f.mode || e.modes.includes(f.mode)),
  );
}

// ------------------------------------------------------------------ the test model

const model = createMachine({
  id: 'expertsModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN_LIST: 'listLoading', OPEN_PROFILE: 'profileLoading' } },
    listLoading: {
      on: { LIST_OK: 'listReady', LIST_FAIL: 'listFailed', SWITCH_LANGUAGE: 'listLoadingAgain' },
    },
    listReady: { on: { PICK_SPECIALTY: 'listLoadingPsychology', PICK_VIDEO: 'listLoadingVideo' } },
    listLoadingPsychology: { on: { LIST_OK: 'listReadyPsychology' } },
    listReadyPsychology: { on: { PICK_VOICE: 'listLoadingNone', BACK: 'listLoadingAgain' } },
    listLoadingVideo: { on: { LIST_OK: 'listReadyVideo' } },
    listReadyVideo: { on: { BACK: 'listLoadingAgain' } },
    listLoadingNone: { on: { LIST_OK: 'listEmpty' } },
    listEmpty: { on: { CLEAR_FILTERS: 'listLoadingAgain' } },
    listFailed: { on: { RETRY: 'listLoadingAgain' } },
    listLoadingAgain: { on: { LIST_OK: 'listReadyAgain' } },
    listReadyAgain: {},
    profileLoading: {
      on: {
        PROFILE_OK: 'profileReady',
        PROFILE_404: 'profileNotFound',
        PROFILE_FAIL: 'profileFailed',
        SWITCH_LANGUAGE: 'profileLoadingAgain',
      },
    },
    profileReady: { on: { OPEN_OTHER: 'profileLoadingOther', SWITCH_LANGUAGE: 'profileRefreshing' } },
    // read again in the new language with the profile (and its booking panel) still on screen
    profileRefreshing: {
      on: {
        PROFILE_OK: 'profileRefreshed',
        PROFILE_FAIL: 'profileKept',
        SWITCH_LANGUAGE: 'profileRefreshingBack',
      },
    },
    profileRefreshed: {},
    profileKept: {},
    profileRefreshingBack: { on: { PROFILE_OK: 'profileRefreshedBack' } },
    profileRefreshedBack: {},
    profileLoadingOther: { on: { PROFILE_OK: 'profileReadyOther' } },
    profileReadyOther: {},
    profileNotFound: {},
    profileFailed: { on: { RETRY: 'profileLoadingAgain' } },
    profileLoadingAgain: { on: { PROFILE_OK: 'profileReadyAgain' } },
    profileReadyAgain: {},
  },
});

const testModel = createTestModel(model);
const paths = testModel.getSimplePaths();

// ------------------------------------------------------------------ checks on the page

async function expectListLoading(filters: ExpertFilters) {
  expect(await screen.findByTestId('experts-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByTestId('experts')).toHaveAttribute('aria-busy', 'true');
  await waitFor(() => expect(lastFilters()).toEqual(filters));
}

/** The cards for `filters`, each linking to the expert, with languages, call types and her lowest price. */
async function expectListReady(filters: ExpertFilters) {
  const list = await screen.findByTestId('experts-list');
  expect(screen.getByTestId('experts')).toHaveAttribute('aria-busy', 'false');
  const expected = matching(filters);
  const cards = within(list).getAllByTestId('expert-card');
  expect(cards).toHaveLength(expected.length);
  expected.forEach((e, i) => {
    const card = cards[i];
    expect(within(card).getByRole('link', { name: e.name })).toHaveAttribute('href', `/experts/${e.id}`);
    expect(within(card).getByText(e.title)).toBeInTheDocument();
    expect(within(card).getByText(t(`experts.specialty.${e.specialty}`))).toBeInTheDocument();
    expect(within(card).getByTestId('from-price')).toHaveTextContent(
      t('experts.card.fromLabel', { price: money(e.fromPrice) }),
    );
    // what she will pay: the fee, plus the card charges and VAT (issue 21)
    if (document.documentElement.lang === 'en')
      expect(within(card).getByTestId('from-price')).toHaveTextContent(
        `From ${money(e.fromPrice)} + charges and VAT`,
      );
    for (const mode of ['voice', 'video'] as const)
      expect(within(card).queryByTestId(`mode-${mode}`) !== null).toBe(e.modes.includes(mode));
  });
  expect(screen.getByRole('status')).toHaveTextContent(t('experts.count', { count: expected.length }));
  // the way in for professionals, on every state of the list
  expect(screen.getByRole('link', { name: t('experts.apply.action') })).toHaveAttribute(
    'href',
    '/experts/apply',
  );
}

function expectQuery(expected: string) {
  expect(query()).toBe(expected);
}

async function expectProfileLoading(id: string) {
  expect(await screen.findByTestId('expert-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
  await waitFor(() => expect(one().last()!.input).toEqual({ expertId: id }));
}

async function expectProfileReady(expert: ExpertProfile) {
  const profile = await screen.findByTestId('expert-profile');
  expect(within(profile).getByRole('heading', { level: 1, name: expert.name })).toBeInTheDocument();
  expect(within(profile).getByText(expert.bio)).toBeInTheDocument();
  const quals = within(profile).getByTestId('expert-qualifications');
  for (const q of expert.qualifications) expect(within(quals).getByText(q)).toBeInTheDocument();
  // the discovery call is free; the consultations show their prices
  expect(within(profile).getByTestId('offer-discovery-15')).toHaveTextContent(
    t('experts.profile.offer.price', { price: t('experts.profile.offer.free') }),
  );
  expect(within(profile).getByTestId('offer-consult-30')).toHaveTextContent(money(expert.offers[1].price));
  expect(within(profile).getByTestId('offer-consult-60')).toHaveTextContent(money(expert.offers[2].price));
  // booking (issue 10): its own panel, in its own chunk (tests/model/booking.model.test.tsx drives it)
  expect(await within(profile).findByTestId('booking-panel', {}, { timeout: 10_000 })).toHaveTextContent(
    t('booking.title'),
  );
  expect(within(profile).getByRole('link', { name: expert.courses[0].title })).toHaveAttribute(
    'href',
    `/courses/${expert.courses[0].id}`,
  );
  expect(screen.getByRole('link', { name: t('experts.profile.back') })).toHaveAttribute('href', '/experts');
  await waitFor(() => expect(document.title).toContain(expert.name));
}

/** The booking panel on screen before the last language switch (null before any). */
let panelBefore: HTMLElement | null = null;
afterEach(() => {
  panelBefore = null;
});

/**
 * After a language switch on a shown profile: no loader, the profile still shown and asked for again
 * (`calls` reads in all), and the very same booking panel, so a booking under way loses nothing.
 */
async function expectProfileKept(calls: number) {
  await waitFor(() => expect(one().calls).toHaveLength(calls));
  expect(one().last()!.input).toEqual({ expertId: 'rana-aziz' });
  expect(screen.queryByTestId('expert-loading')).toBeNull();
  await expectProfileReady(expertProfile(EXPERTS[0]));
  expect(panelBefore).not.toBeNull();
  expect(screen.getByTestId('booking-panel')).toBe(panelBefore);
}

async function pickSegment(groupTestId: string, name: string) {
  const group = screen.getByTestId(groupTestId);
  await ui.app.user.click(within(group).getByText(name));
}

describe('experts model on the real screens', () => {
  it('generates paths through every model state', () => {
    expect(paths.length).toBeGreaterThanOrEqual(10);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN_LIST: () => ui.open('/experts'),
        OPEN_PROFILE: () => ui.open('/experts/rana-aziz'),
        LIST_OK: async () => {
          await list().resolve(expertsList(matching(lastFilters())));
          await settle();
        },
        LIST_FAIL: async () => {
          await list().reject({ code: 'NETWORK_ERROR' });
          await settle();
        },
        PICK_SPECIALTY: async () => {
          await ui.app.user.click(screen.getByTestId('filter-specialty'));
          await ui.app.user.click(
            await screen.findByRole('option', { name: t('experts.specialty.psychology') }),
          );
          await waitFor(() => expectQuery('?specialty=psychology'));
        },
        PICK_VIDEO: async () => {
          await pickSegment('filter-mode', t('experts.filters.mode.video'));
          await waitFor(() => expectQuery('?mode=video'));
        },
        PICK_VOICE: async () => {
          await pickSegment('filter-mode', t('experts.filters.mode.voice'));
          await waitFor(() => expectQuery('?specialty=psychology&mode=voice'));
        },
        BACK: () => ui.back(() => expectQuery('')),
        CLEAR_FILTERS: async () => {
          const empty = screen.getByTestId('experts-empty');
          await ui.app.user.click(within(empty).getByRole('button', { name: t('experts.filters.clear') }));
          await waitFor(() => expectQuery(''));
        },
        RETRY: () => ui.press('experts.retry'),
        SWITCH_LANGUAGE: async () => {
          panelBefore = screen.queryByTestId('booking-panel');
          await ui.switchLanguage();
        },
        PROFILE_OK: async () => {
          const id = one().last()!.input.expertId;
          await one().resolve(expertProfile(EXPERTS.find((e) => e.id === id)!));
          await settle();
        },
        PROFILE_404: async () => {
          await one().reject({ code: 'NOT_FOUND' });
          await settle();
        },
        PROFILE_FAIL: async () => {
          await one().reject({ code: 'NETWORK_ERROR' });
          await settle();
        },
        OPEN_OTHER: () => ui.follow('/experts/maya-khoury'),
      },
      states: {
        closed: ui.expectClosed,
        listLoading: () => expectListLoading(NO_FILTERS),
        listReady: async () => {
          await expectListReady(NO_FILTERS);
          expectQuery('');
          // nothing to clear
          expect(screen.queryByRole('button', { name: t('experts.filters.clear') })).toBeNull();
        },
        listLoadingPsychology: () => expectListLoading({ ...NO_FILTERS, specialty: 'psychology' }),
        listReadyPsychology: async () => {
          await expectListReady({ ...NO_FILTERS, specialty: 'psychology' });
          expect(screen.getByTestId('filter-specialty')).toHaveTextContent(t('experts.specialty.psychology'));
        },
        listLoadingVideo: () => expectListLoading({ ...NO_FILTERS, mode: 'video' }),
        listReadyVideo: async () => {
          await expectListReady({ ...NO_FILTERS, mode: 'video' });
          const video = within(screen.getByTestId('filter-mode')).getByRole('radio', {
            name: t('experts.filters.mode.video'),
          });
          expect(video).toBeChecked();
        },
        listLoadingNone: () => expectListLoading({ specialty: 'psychology', language: null, mode: 'voice' }),
        listEmpty: async () => {
          const empty = await screen.findByTestId('experts-empty');
          expect(within(empty).getByRole('heading', { name: t('experts.empty.title') })).toBeInTheDocument();
          expect(screen.queryByTestId('experts-list')).toBeNull();
        },
        listFailed: async () => {
          const alert = await screen.findByTestId('experts-error');
          expect(alert).toHaveAttribute('role', 'alert');
          expect(alert).toHaveTextContent(t('experts.error'));
        },
        listLoadingAgain: async () => {
          await expectListLoading(NO_FILTERS);
          expect(list().calls.length).toBeGreaterThan(1);
        },
        listReadyAgain: async () => {
          await expectListReady(NO_FILTERS);
          expectQuery('');
        },
        profileLoading: () => expectProfileLoading('rana-aziz'),
        profileReady: () => expectProfileReady(expertProfile(EXPERTS[0])),
        profileLoadingOther: () => expectProfileLoading('maya-khoury'),
        profileReadyOther: () => expectProfileReady(expertProfile(EXPERTS[1])),
        profileNotFound: async () => {
          const nf = await screen.findByTestId('expert-not-found');
          expect(
            within(nf).getByRole('heading', { level: 1, name: t('experts.profile.notFound.title') }),
          ).toBeInTheDocument();
          expect(within(nf).getByRole('link', { name: t('experts.profile.back') })).toHaveAttribute(
            'href',
            '/experts',
          );
        },
        profileFailed: async () => {
          const failed = await screen.findByTestId('expert-error');
          expect(within(failed).getByRole('alert')).toHaveTextContent(t('experts.profile.error'));
        },
        profileLoadingAgain: async () => {
          await expectProfileLoading('rana-aziz');
          expect(one().calls.length).toBeGreaterThan(1);
        },
        profileReadyAgain: () => expectProfileReady(expertProfile(EXPERTS[0])),
        profileRefreshing: async () => {
          await expectProfileKept(2);
          expect(screen.getByTestId('expert-profile')).toHaveAttribute('aria-busy', 'true');
        },
        profileRefreshed: async () => {
          await expectProfileKept(2);
          expect(screen.getByTestId('expert-profile')).toHaveAttribute('aria-busy', 'false');
        },
        profileKept: async () => {
          await expectProfileKept(2);
          expect(screen.getByTestId('expert-profile')).toHaveAttribute('aria-busy', 'false');
          expect(screen.queryByTestId('expert-error')).toBeNull();
        },
        profileRefreshingBack: async () => {
          await expectProfileKept(3);
          expect(document.documentElement.dir).toBe('ltr');
          expect(one().calls[1].signal.aborted).toBe(true);
        },
        profileRefreshedBack: async () => {
          await expectProfileKept(3);
          expect(screen.getByTestId('expert-profile')).toHaveAttribute('aria-busy', 'false');
        },
      },
    },
    30_000,
  );

  coversEveryTransition(coverage);
});
