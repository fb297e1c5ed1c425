import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CoursesPage } from '../../contract/learning';
import { catalogueMachine, pageFromQuery } from '../../machines/catalogue';
import { CATALOGUE, coursesPage } from '../support/learning-fixtures';
import { controlledActor } from '../support/stub-actors';

/** The catalogue with a fetch the test answers by hand; every call is recorded (and its abort). */
function start(input: { page?: number; limit?: number } = {}) {
  const fetch = controlledActor<CoursesPage, { page: number; limit: number }>();
  const actor = createActor(catalogueMachine.provide({ actors: { fetchCourses: fetch.logic } }), {
    input,
  }).start();
  const answer = (r: CoursesPage | Error) =>
    r instanceof Error ? fetch.reject({ code: 'SERVER_ERROR' }) : fetch.resolve(r);
  return { actor, calls: fetch.calls, answer, snap: () => actor.getSnapshot() };
}

describe('pageFromQuery', () => {
  it('reads whole numbers ≥ 1 and takes anything else as the first page', () => {
    expect(pageFromQuery('3')).toBe(3);
    expect(pageFromQuery(null)).toBe(1);
    expect(pageFromQuery('')).toBe(1);
    expect(pageFromQuery('0')).toBe(1);
    expect(pageFromQuery('-2')).toBe(1);
    expect(pageFromQuery('2.5')).toBe(1);
    expect(pageFromQuery('abc')).toBe(1);
    expect(pageFromQuery('١')).toBe(1);
  });
});

describe('catalogue machine', () => {
  it('loads page 1 of 10 by default (spec §9) and is ready with courses', async () => {
    const { calls, answer, snap } = start();
    expect(snap().value).toBe('loading');
    expect(snap().hasTag('step:loading')).toBe(true);
    expect(calls[0].input).toEqual({ page: 1, limit: 10 });
    await answer(coursesPage(CATALOGUE));
    expect(snap().value).toBe('ready');
    expect(snap().context.data?.items).toHaveLength(3);
  });

  it('starts on the page it is given', () => {
    const { calls } = start({ page: 3, limit: 5 });
    expect(calls[0].input).toEqual({ page: 3, limit: 5 });
  });

  it('is empty when the page has no courses, and can go back to page 1 from there', async () => {
    const { actor, calls, answer, snap } = start({ page: 9 });
    await answer(coursesPage([], 9, 3));
    expect(snap().value).toBe('empty');
    actor.send({ type: 'catalogue.page', page: 9 });
    expect(snap().value).toBe('empty');
    actor.send({ type: 'catalogue.page', page: 1 });
    expect(snap().value).toBe('loading');
    expect(calls.at(-1)!.input.page).toBe(1);
    await answer(coursesPage(CATALOGUE));
    expect(snap().value).toBe('ready');
  });

  it('fails with an error code and retries', async () => {
    const { actor, calls, answer, snap } = start();
    await answer(new Error('down'));
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual({ code: 'SERVER_ERROR' });
    actor.send({ type: 'catalogue.retry' });
    expect(snap().value).toBe('loading');
    expect(snap().context.error).toBeNull();
    expect(calls).toHaveLength(2);
    await answer(coursesPage(CATALOGUE));
    expect(snap().value).toBe('ready');
  });

  it('changes page from ready; the same page is ignored', async () => {
    const { actor, calls, answer, snap } = start();
    await answer(coursesPage(CATALOGUE, 1, 25));
    actor.send({ type: 'catalogue.page', page: 1 });
    expect(snap().value).toBe('ready');
    expect(calls).toHaveLength(1);
    actor.send({ type: 'catalogue.page', page: 2 });
    expect(snap().value).toBe('loading');
    expect(snap().context.page).toBe(2);
    expect(calls.at(-1)!.input).toEqual({ page: 2, limit: 10 });
  });

  it('a page change while loading replaces the request in flight', async () => {
    const { actor, calls, answer, snap } = start();
    actor.send({ type: 'catalogue.page', page: 1 });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'catalogue.page', page: 3 });
    expect(calls).toHaveLength(2);
    expect(calls[0].signal.aborted).toBe(true);
    expect(calls[1].input.page).toBe(3);
    await answer(coursesPage(CATALOGUE, 3, 25));
    expect(snap().value).toBe('ready');
  });

  it('fetches again when the language changes, from every state (spec §7)', async () => {
    const { actor, calls, answer, snap } = start();
    actor.send({ type: 'catalogue.localeChanged' });
    expect(calls).toHaveLength(2);
    expect(calls[0].signal.aborted).toBe(true);
    await answer(coursesPage(CATALOGUE));
    actor.send({ type: 'catalogue.localeChanged' });
    expect(snap().value).toBe('loading');
    await answer(coursesPage([]));
    expect(snap().value).toBe('empty');
    actor.send({ type: 'catalogue.localeChanged' });
    expect(snap().value).toBe('loading');
    await answer(new Error('down'));
    actor.send({ type: 'catalogue.localeChanged' });
    expect(snap().value).toBe('loading');
    expect(calls).toHaveLength(5);
    expect(calls.every((c) => c.input.page === 1)).toBe(true);
  });

  it('a page change from failed loads that page', async () => {
    const { actor, calls, answer, snap } = start();
    await answer(new Error('down'));
    actor.send({ type: 'catalogue.page', page: 2 });
    expect(snap().value).toBe('loading');
    expect(calls.at(-1)!.input.page).toBe(2);
  });

  it('keeps a bad page number sane', async () => {
    const { actor, answer, snap } = start();
    await answer(coursesPage(CATALOGUE, 1, 25));
    actor.send({ type: 'catalogue.page', page: -4 });
    expect(snap().context.page).toBe(1);
  });
});
