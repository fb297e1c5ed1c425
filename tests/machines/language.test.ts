import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { languageMachine, type Messages } from '../../machines/language';
import type { Locale } from '../../machines/types';
import { answers } from '../support/stub-actors';

function startLanguage(saved: string | null, failing: string[] = []) {
  const applied: string[] = [];
  const persisted: string[] = [];
  const loads: { locale: Locale; bundles: string[] }[] = [];
  const logic = languageMachine.provide({
    actors: {
      loadMessages: answers((input: { locale: Locale; bundles: string[] }): Messages => {
        loads.push(input);
        if (failing.includes(input.locale)) throw new Error('offline');
        return {
          'app.name': input.locale,
          ...Object.fromEntries(input.bundles.map((b) => [`${b}.title`, `${b}:${input.locale}`])),
        };
      }),
      loadBundle: answers((input: { locale: Locale; bundle: string }): Messages => {
        if (failing.includes(input.bundle)) throw new Error('offline');
        return { [`${input.bundle}.title`]: `${input.bundle}:${input.locale}` };
      }),
    },
    actions: {
      applyDocumentLanguage: (_, p) => void applied.push(p.locale),
      persistLanguage: (_, p) => void persisted.push(p.locale),
    },
  });
  const actor = createActor(logic, { input: { saved } }).start();
  return { actor, applied, persisted, loads };
}

describe('language machine', () => {
  it('defaults to English and applies it on load', async () => {
    const { actor, applied, persisted } = startLanguage(null);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'en', messages: { 'app.name': 'en' } });
    expect(applied).toEqual(['en']);
    expect(persisted).toEqual([]);
  });

  it('applies the saved language on load and ignores an unknown saved value', async () => {
    const ar = startLanguage('ar');
    await waitFor(ar.actor, (s) => s.matches('ready'));
    expect(ar.applied).toEqual(['ar']);
    const junk = startLanguage('fr');
    await waitFor(junk.actor, (s) => s.matches('ready'));
    expect(junk.applied).toEqual(['en']);
  });

  it('switches only once the messages are in, then applies and persists the choice', async () => {
    const { actor, applied, persisted } = startLanguage('en');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'language.change', locale: 'ar' });
    expect(actor.getSnapshot().value).toBe('switching');
    expect(actor.getSnapshot().context.locale).toBe('en');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.locale).toBe('ar');
    expect(applied).toEqual(['en', 'ar']);
    expect(persisted).toEqual(['ar']);
    actor.send({ type: 'language.change', locale: 'ar' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'language.toggle' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.locale === 'en');
    expect(persisted).toEqual(['ar', 'en']);
  });

  it('keeps the current language when the other one fails to load', async () => {
    const { actor } = startLanguage('en', ['ar']);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'language.change', locale: 'ar' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'en', error: 'LANGUAGE_LOAD_FAILED' });
  });

  it('falls back to English when the saved language cannot load, and fails visibly when nothing can', async () => {
    const fallback = startLanguage('ar', ['ar']);
    await waitFor(fallback.actor, (s) => s.matches('ready'));
    expect(fallback.actor.getSnapshot().context.locale).toBe('en');
    const broken = startLanguage('en', ['en']);
    await waitFor(broken.actor, (s) => s.matches('failed'));
    expect(broken.actor.getSnapshot().context.error).toBe('LANGUAGE_LOAD_FAILED');
  });

  it("adds a screen's bundle once, and a switch brings every bundle in the new language", async () => {
    const { actor, loads } = startLanguage('en');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'language.require', bundle: 'learning' });
    expect(actor.getSnapshot().value).toBe('extending');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.bundles).toEqual(['learning']);
    expect(actor.getSnapshot().context.messages).toMatchObject({
      'app.name': 'en',
      'learning.title': 'learning:en',
    });
    // asked again: nothing to do
    actor.send({ type: 'language.require', bundle: 'learning' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'language.change', locale: 'ar' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.locale === 'ar');
    expect(loads.at(-1)).toEqual({ locale: 'ar', bundles: ['learning'] });
    expect(actor.getSnapshot().context.messages).toMatchObject({ 'learning.title': 'learning:ar' });
  });

  it('a bundle that fails is remembered (its screen offers a retry) and asking again retries it', async () => {
    const { actor } = startLanguage('en', ['signup']);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'language.require', bundle: 'signup' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ bundles: [], failedBundle: 'signup', error: null });
    actor.send({ type: 'language.require', bundle: 'signup' });
    expect(actor.getSnapshot().value).toBe('extending');
    expect(actor.getSnapshot().context.failedBundle).toBeNull();
  });
});
