import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ExpertProfile, ExpertsList } from '../../contract/experts';
import {
  type ExpertFilters,
  type ExpertsInput,
  expertsMachine,
  filtersFromQuery,
  NO_FILTERS,
  queryFromFilters,
} from '../../machines/experts';
import { EXPERTS, expertProfile, expertsList } from '../support/experts-fixtures';
import { controlledActor } from '../support/stub-actors';

/** The experts machine with fetches the test answers by hand; every call is recorded (and its abort). */
function start(input: ExpertsInput = {}) {
  const list = controlledActor<ExpertsList, ExpertFilters>();
  const one = controlledActor<ExpertProfile, { expertId: string }>();
  const actor = createActor(
    expertsMachine.provide({ actors: { fetchExperts: list.logic, fetchExpert: one.logic } }),
    { input },
  ).start();
  return { actor, list, one, snap: () => actor.getSnapshot() };
}

describe('filters in the address', () => {
  it('reads known values and ignores anything else', () => {
    expect(filtersFromQuery('?specialty=psychology&language=fr&mode=video')).toEqual({
      specialty: 'psychology',
      language: 'fr',
      mode: 'video',
    });
    expect(filtersFromQuery('')).toEqual(NO_FILTERS);
    expect(filtersFromQuery('?specialty=dentistry&language=de&mode=chat')).toEqual(NO_FILTERS);
    expect(filtersFromQuery('?mode=voice&page=2')).toEqual({ ...NO_FILTERS, mode: 'voice' });
  });

  it('writes them back in a fixed order, and nothing for no filters', () => {
    expect(queryFromFilters(NO_FILTERS)).toBe('');
    expect(queryFromFilters({ specialty: null, language: 'ar', mode: 'video' })).toBe(
      '?language=ar&mode=video',
    );
    const f: ExpertFilters = { specialty: 'nutrition', language: 'fr', mode: 'voice' };
    expect(filtersFromQuery(queryFromFilters(f))).toEqual(f);
  });
});

describe('experts machine: the directory', () => {
  it('loads every expert with no filters and is ready', async () => {
    const { list, snap } = start();
    expect(snap().matches({ directory: 'loading' })).toBe(true);
    expect(snap().hasTag('step:loading')).toBe(true);
    expect(list.calls[0].input).toEqual(NO_FILTERS);
    await list.resolve(expertsList());
    expect(snap().matches({ directory: 'ready' })).toBe(true);
    expect(snap().context.list?.items).toHaveLength(EXPERTS.length);
  });

  it('starts with the filters it is given', () => {
    const { list } = start({ filters: { mode: 'video' } });
    expect(list.calls[0].input).toEqual({ ...NO_FILTERS, mode: 'video' });
  });

  it('fetches again when the filters change, cancelling the request it replaces; the same filters are ignored', async () => {
    const { actor, list, snap } = start();
    actor.send({ type: 'experts.filter', filters: { specialty: 'psychology' } });
    expect(list.calls).toHaveLength(2);
    expect(list.calls[0].signal.aborted).toBe(true);
    expect(list.calls[1].input).toEqual({ ...NO_FILTERS, specialty: 'psychology' });
    await list.resolve(expertsList([EXPERTS[1]]));
    expect(snap().matches({ directory: 'ready' })).toBe(true);
    actor.send({ type: 'experts.filter', filters: { specialty: 'psychology' } });
    expect(list.calls).toHaveLength(2);
    actor.send({ type: 'experts.filter', filters: { specialty: 'psychology', mode: 'video' } });
    expect(snap().matches({ directory: 'loading' })).toBe(true);
    expect(list.calls[2].input).toEqual({ specialty: 'psychology', language: null, mode: 'video' });
  });

  it('is empty when no expert matches, and no filters load them all', async () => {
    const { actor, list, snap } = start({ filters: { specialty: 'nutrition', mode: 'voice' } });
    await list.resolve(expertsList([]));
    expect(snap().matches({ directory: 'empty' })).toBe(true);
    actor.send({ type: 'experts.filter', filters: {} });
    expect(snap().context.filters).toEqual(NO_FILTERS);
    expect(list.calls[1].input).toEqual(NO_FILTERS);
    await list.resolve(expertsList());
    expect(snap().matches({ directory: 'ready' })).toBe(true);
  });

  it('fails with the error code and retries', async () => {
    const { actor, list, snap } = start();
    await list.reject({ code: 'SERVER_ERROR' });
    expect(snap().matches({ directory: 'failed' })).toBe(true);
    expect(snap().context.error).toEqual({ code: 'SERVER_ERROR' });
    actor.send({ type: 'experts.retry' });
    expect(snap().matches({ directory: 'loading' })).toBe(true);
    expect(snap().context.error).toBeNull();
    await list.resolve(expertsList());
    expect(snap().matches({ directory: 'ready' })).toBe(true);
  });

  it('keeps a network failure without a code as NETWORK_ERROR', async () => {
    const { list, snap } = start();
    await list.reject(new TypeError('fetch failed'));
    expect(snap().context.error).toEqual({ code: 'NETWORK_ERROR' });
  });

  it('fetches again in the new language, from any step', async () => {
    const { actor, list, snap } = start();
    await list.resolve(expertsList());
    actor.send({ type: 'experts.localeChanged' });
    expect(snap().matches({ directory: 'loading' })).toBe(true);
    actor.send({ type: 'experts.localeChanged' });
    expect(list.calls).toHaveLength(3);
    expect(list.calls[1].signal.aborted).toBe(true);
  });

  it('ignores profile events', async () => {
    const { actor, one, snap } = start();
    actor.send({ type: 'experts.open', expertId: 'rana-aziz' });
    expect(snap().matches('directory')).toBe(true);
    expect(one.calls).toHaveLength(0);
  });
});

describe('experts machine: a profile', () => {
  it('loads the expert it is given and is ready', async () => {
    const { list, one, snap } = start({ expertId: 'rana-aziz' });
    expect(snap().matches({ profile: 'loading' })).toBe(true);
    expect(list.calls).toHaveLength(0);
    expect(one.calls[0].input).toEqual({ expertId: 'rana-aziz' });
    await one.resolve(expertProfile());
    expect(snap().matches({ profile: 'ready' })).toBe(true);
    expect(snap().context.expert?.name).toBe('Dr Rana Aziz');
  });

  it('is not found for an unknown id (404) or one that cannot be an id (400)', async () => {
    for (const code of ['NOT_FOUND', 'VALIDATION_ERROR']) {
      const { one, snap } = start({ expertId: 'nobody' });
      await one.reject({ code });
      expect(snap().matches({ profile: 'notFound' })).toBe(true);
      expect(snap().hasTag('step:notFound')).toBe(true);
    }
  });

  it('fails on anything else and retries', async () => {
    const { actor, one, snap } = start({ expertId: 'rana-aziz' });
    await one.reject({ code: 'NETWORK_ERROR' });
    expect(snap().matches({ profile: 'failed' })).toBe(true);
    actor.send({ type: 'experts.retry' });
    expect(one.calls).toHaveLength(2);
    await one.resolve(expertProfile());
    expect(snap().matches({ profile: 'ready' })).toBe(true);
  });

  it('opens another expert (not the same one again) and forgets the one before', async () => {
    const { actor, one, snap } = start({ expertId: 'rana-aziz' });
    await one.resolve(expertProfile());
    actor.send({ type: 'experts.open', expertId: 'rana-aziz' });
    expect(one.calls).toHaveLength(1);
    actor.send({ type: 'experts.open', expertId: 'maya-khoury' });
    expect(snap().matches({ profile: 'loading' })).toBe(true);
    expect(snap().context.expert).toBeNull();
    expect(one.calls[1].input).toEqual({ expertId: 'maya-khoury' });
    await one.resolve(expertProfile(EXPERTS[1]));
    expect(snap().context.expert?.id).toBe('maya-khoury');
  });

  it('fetches again in the new language, keeping the profile on screen meanwhile, and ignores filters', async () => {
    const { actor, one, list, snap } = start({ expertId: 'rana-aziz' });
    await one.resolve(expertProfile());
    actor.send({ type: 'experts.filter', filters: { mode: 'voice' } });
    expect(list.calls).toHaveLength(0);
    actor.send({ type: 'experts.localeChanged' });
    expect(snap().matches({ profile: 'refreshing' })).toBe(true);
    expect(snap().hasTag('step:ready')).toBe(true);
    expect(snap().context.expert?.id).toBe('rana-aziz');
    expect(one.calls).toHaveLength(2);
    expect(one.calls[1].input).toEqual({ expertId: 'rana-aziz' });
    await one.resolve({ ...expertProfile(), bio: 'نبذة' });
    expect(snap().matches({ profile: 'ready' })).toBe(true);
    expect(snap().context.expert?.bio).toBe('نبذة');
  });

  it('keeps the profile it has when reading it again in the new language fails; a second switch asks again', async () => {
    const { actor, one, snap } = start({ expertId: 'rana-aziz' });
    await one.resolve(expertProfile());
    actor.send({ type: 'experts.localeChanged' });
    actor.send({ type: 'experts.localeChanged' });
    expect(one.calls).toHaveLength(3);
    expect(one.calls[1].signal.aborted).toBe(true);
    await one.reject({ code: 'NETWORK_ERROR' });
    expect(snap().matches({ profile: 'ready' })).toBe(true);
    expect(snap().context.expert?.id).toBe('rana-aziz');
    expect(snap().context.error).toBeNull();
  });

  it('a profile that never arrived is asked for again in the new language, with the loader', async () => {
    const { actor, one, snap } = start({ expertId: 'rana-aziz' });
    await one.reject({ code: 'NETWORK_ERROR' });
    actor.send({ type: 'experts.localeChanged' });
    expect(snap().matches({ profile: 'loading' })).toBe(true);
    expect(one.calls).toHaveLength(2);
  });
});
