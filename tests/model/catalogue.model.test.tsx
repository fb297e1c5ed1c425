import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CoursesPage } from '../../contract/learning';
import { catalogueMachine } from '../../machines/catalogue';
import { formatMoney } from '../../src/views/courses/format';
import { CATALOGUE, coursesPage } from '../support/learning-fixtures';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the catalogue, /courses (spec §2, §7, §8, §9): a test model whose server
 * answers are explicit events drives the REAL screen (real catalogue machine, real views, real
 * routes, the page in the address) in jsdom; every state check looks at the DOM. Coverage of the
 * real machine is recorded through `inspect`.
 */
const coverage = new Coverage('catalogue', catalogueMachine);
const ui = modelApp({
  coverage,
  stubs: { fetchCourses: () => controlledActor<CoursesPage, { page: number; limit: number }>() },
});
const { t, money, intl, settle } = ui;
const fetch = () => ui.stubs.fetchCourses;
const lastPage = () => fetch().last()!.input.page;
const pageInUrl = () => new URLSearchParams(window.location.search).get('page');

// ------------------------------------------------------------------ the test model

const model = createMachine({
  id: 'catalogueModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading', OPEN_PAGE_9: 'loadingPage9' } },
    loading: {
      on: {
        COURSES_OK: 'ready',
        COURSES_EMPTY: 'empty',
        COURSES_FAIL: 'failed',
        SWITCH_LANGUAGE: 'loadingAgain',
      },
    },
    ready: { on: { NEXT_PAGE: 'loadingPage2', SWITCH_LANGUAGE: 'loadingAgain' } },
    loadingPage2: { on: { COURSES_OK: 'readyPage2', BACK: 'loadingAgain' } },
    readyPage2: { on: { BACK: 'loadingAgain' } },
    loadingPage9: { on: { COURSES_EMPTY: 'emptyPage9' } },
    emptyPage9: { on: { FIRST_PAGE: 'loadingAgain' } },
    empty: { on: { SWITCH_LANGUAGE: 'loadingAgain' } },
    failed: {
      on: { RETRY: 'loadingAgain', SWITCH_LANGUAGE: 'loadingAgain', FOLLOW_PAGE_2_LINK: 'loadingPage2' },
    },
    loadingAgain: { on: { COURSES_OK: 'readyAgain' } },
    readyAgain: {},
  },
});

const testModel = createTestModel(model);
const paths = testModel.getSimplePaths();

async function expectLoading(page: number) {
  expect(await screen.findByTestId('catalogue-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByTestId('catalogue')).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('status')).toHaveTextContent(t('learning.catalogue.loading'));
  await waitFor(() => expect(lastPage()).toBe(page));
  expect(fetch().last()!.input.limit).toBe(10);
}

async function expectReady(page: number) {
  const list = await screen.findByTestId('catalogue-list');
  expect(screen.getByTestId('catalogue')).toHaveAttribute('aria-busy', 'false');
  const cards = within(list).getAllByTestId('course-card');
  expect(cards).toHaveLength(3);
  const i = intl();
  // each card links to its course; the free one has the badge; the sale one strikes the price through
  expect(within(cards[0]).getByRole('link', { name: 'Your menstrual cycle' })).toHaveAttribute(
    'href',
    '/courses/menstrual-cycle',
  );
  expect(within(cards[0]).getByTestId('price-free')).toHaveTextContent(t('learning.card.free'));
  const sale = within(cards[1]).getByTestId('price-sale');
  expect(sale).toHaveTextContent(
    t('learning.card.sale', { sale: formatMoney(i, 5200), price: formatMoney(i, 6500) }),
  );
  expect(sale.querySelector('s')).toHaveTextContent(money(6500));
  expect(within(cards[1]).getByText(t('learning.card.level.intermediate'))).toBeInTheDocument();
  expect(
    within(cards[1]).getByRole('img', { name: t('learning.card.rating', { average: i.formatNumber(4.5) }) }),
  );
  expect(within(cards[2]).getByTestId('price')).toHaveTextContent(money(4500));
  // her price is before VAT, added at checkout: the card says so (issue 21)
  expect(within(cards[2]).getByTestId('price')).toHaveTextContent(t('learning.card.vat'));
  expect(within(cards[1]).getByTestId('price-sale')).toHaveTextContent(t('learning.card.vat'));
  expect(
    within(cards[2]).getByText(t('learning.card.expert', { name: 'Dr Salma Haddad' })),
  ).toBeInTheDocument();
  expect(screen.getByText(t('learning.disclaimer'))).toBeInTheDocument();
  // paged in the address, three pages of ten: Ark Pagination marks the current one
  expect(pageInUrl()).toBe(page === 1 ? null : String(page));
  const pager = screen.getByRole('navigation', { name: t('learning.catalogue.pages.label') });
  const current = within(pager).getByRole('button', {
    name: t('learning.catalogue.pages.current', { page: i.formatNumber(page) }),
  });
  expect(current).toHaveAttribute('aria-current', 'page');
}

describe('catalogue model on the real screen', () => {
  it('generates paths through every model state', () => {
    expect(paths.length).toBeGreaterThan(8);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/courses'),
        OPEN_PAGE_9: () => ui.open('/courses?page=9'),
        COURSES_OK: async () => {
          await fetch().resolve(coursesPage(CATALOGUE, lastPage(), 25));
          await settle();
        },
        COURSES_EMPTY: async () => {
          // an address past the last page has no courses; a catalogue with none at all neither
          await fetch().resolve(coursesPage([], lastPage(), lastPage() > 1 ? 25 : 0));
          await settle();
        },
        COURSES_FAIL: async () => {
          await fetch().reject({ code: 'NETWORK_ERROR' });
          await settle();
        },
        RETRY: () => ui.press('learning.common.retry'),
        NEXT_PAGE: async () => {
          await ui.press('learning.catalogue.pages.next');
          await waitFor(() => expect(pageInUrl()).toBe('2'));
        },
        BACK: () => ui.back(() => expect(pageInUrl()).toBeNull()),
        FOLLOW_PAGE_2_LINK: () => ui.follow('/courses?page=2'),
        FIRST_PAGE: async () => {
          await ui.press('learning.catalogue.empty.firstPage');
          await waitFor(() => expect(pageInUrl()).toBeNull());
        },
        SWITCH_LANGUAGE: ui.switchLanguage,
      },
      states: {
        closed: ui.expectClosed,
        loading: () => expectLoading(1),
        loadingPage2: () => expectLoading(2),
        loadingPage9: () => expectLoading(9),
        loadingAgain: async () => {
          await expectLoading(1);
          // the request in the current language: a new one after a switch, a retry or a page change
          expect(fetch().calls.length).toBeGreaterThan(1);
        },
        ready: () => expectReady(1),
        readyPage2: () => expectReady(2),
        readyAgain: () => expectReady(1),
        empty: async () => {
          const empty = await screen.findByTestId('catalogue-empty');
          expect(within(empty).getByRole('heading', { name: t('learning.catalogue.empty.title') }));
          // nothing to page through, and no first-page button on the first page
          expect(within(empty).queryByRole('button')).toBeNull();
          expect(screen.queryByRole('navigation', { name: t('learning.catalogue.pages.label') })).toBeNull();
        },
        emptyPage9: async () => {
          const empty = await screen.findByTestId('catalogue-empty');
          expect(within(empty).getByRole('button', { name: t('learning.catalogue.empty.firstPage') }));
        },
        failed: async () => {
          const alert = await screen.findByTestId('catalogue-error');
          expect(alert).toHaveAttribute('role', 'alert');
          expect(alert).toHaveTextContent(t('learning.catalogue.error'));
          expect(screen.queryByTestId('catalogue-list')).toBeNull();
        },
      },
    },
    30_000,
  );

  coversEveryTransition(coverage);
});
