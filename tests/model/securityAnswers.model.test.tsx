import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { securityAnswersMachine } from '../../machines/securityAnswers';
import type { SecurityAnswersBody } from '../../src/api/settings';
import { fill } from '../support/screen-model';
import { SETTINGS_QUESTIONS, settingsData } from '../support/settings-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Account Settings' Security questions (issue 25) on the real page: her current
 * PIN, her own three questions chosen at first, new answers under sign-up's rules (checked before
 * the server is asked), three different questions, a wrong PIN in place. The server's answer is an
 * explicit event.
 */
const coverage = new Coverage('securityAnswers', securityAnswersMachine);
const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadSettings: () => resolves(settingsData()),
    loadDevices: () => resolves({ devices: [] }),
    saveAnswers: () => controlledActor<{ ok: true }, SecurityAnswersBody>(),
  },
});
const save = () => ui.stubs.saveAnswers;
const CURRENT = '480317';
const q = (id: string) => SETTINGS_QUESTIONS.find((x) => x.id === id)!;

const section = () => screen.getByTestId('settings-security');
const pinBox = () => within(section()).getByTestId('answers-current-pin-input');
const slot = (i: number) => screen.getByTestId(`question-${i}`);
const answerBox = (i: number) => within(slot(i)).getByRole('textbox');
const pinError = () => pinBox().closest('[data-scope="field"][data-part="root"]')!.textContent;
/** Her second question, once she chose another. */
let second = 'favourite_food';

async function answerAll(current: string) {
  await fill(ui.app, pinBox(), current);
  for (const i of [0, 1, 2]) await fill(ui.app, answerBox(i), `answer ${i + 1}`);
}

const model = createMachine({
  id: 'securityAnswersModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'editing' } },
    editing: {
      on: { SUBMIT_EMPTY: 'incomplete', CHANGE_QUESTION: 'questionChanged', ANSWER_AND_SAVE: 'saving' },
    },
    incomplete: { on: { ANSWER_AND_SAVE: 'saving' } },
    questionChanged: { on: { ANSWER_AND_SAVE: 'saving' } },
    saving: { on: { SAVE_OK: 'saved', WRONG_PIN: 'wrongPin', SAVE_FAILED: 'failed' } },
    saved: {},
    wrongPin: {},
    failed: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

describe('security questions section model on the real page', () => {
  // the page's chunk (its sections, machines and the sign-up parts) compiled once, before the first path
  beforeAll(() => import('../../src/views/settings/SettingsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(3));

  followPaths(
    paths,
    {
      events: {
        OPEN: () => {
          second = 'favourite_food';
          return ui.open('/dashboard/settings', { ready: 'settings-security' });
        },
        SUBMIT_EMPTY: () => ui.press('settings.security.save'),
        CHANGE_QUESTION: async () => {
          // the native twin of the select (what autofill uses): another question in the second slot
          await ui.app.user.selectOptions(slot(1).querySelector('select')!, 'childhood_best_friend');
          second = 'childhood_best_friend';
        },
        ANSWER_AND_SAVE: async () => {
          await answerAll(CURRENT);
          await ui.press('settings.security.save');
        },
        SAVE_OK: () => save().resolve({ ok: true }),
        WRONG_PIN: () => save().reject({ code: 'CURRENT_PIN_WRONG' }),
        SAVE_FAILED: () => save().reject({ code: 'NETWORK_ERROR' }),
      },
      states: {
        closed: ui.expectClosed,
        editing: () => {
          // her own questions, answers empty (never sent back)
          expect(screen.getByTestId('question-0-trigger')).toHaveTextContent(q('birth_city').text);
          expect(screen.getByTestId('question-1-trigger')).toHaveTextContent(q('favourite_food').text);
          expect(screen.getByTestId('question-2-trigger')).toHaveTextContent(q('mother_maiden_name').text);
          for (const i of [0, 1, 2]) expect(answerBox(i)).toHaveValue('');
        },
        incomplete: async () => {
          await waitFor(() => expect(pinError()).toContain(ui.t('errors.field.CURRENT_PIN_REQUIRED')));
          for (const i of [0, 1, 2]) expect(slot(i)).toHaveTextContent(ui.t('errors.field.ANSWER_REQUIRED'));
          expect(save().calls).toHaveLength(0);
        },
        questionChanged: async () => {
          await waitFor(() =>
            expect(screen.getByTestId('question-1-trigger')).toHaveTextContent(
              q('childhood_best_friend').text,
            ),
          );
          // a question chosen in another slot cannot be chosen twice
          const taken = slot(1).querySelector<HTMLOptionElement>('option[value="birth_city"]')!;
          expect(taken.disabled).toBe(true);
        },
        saving: async () => {
          await waitFor(() => expect(save().calls).toHaveLength(1));
          expect(save().last()!.input).toEqual({
            currentPin: CURRENT,
            securityAnswers: [
              { questionId: 'birth_city', answer: 'answer 1' },
              { questionId: second, answer: 'answer 2' },
              { questionId: 'mother_maiden_name', answer: 'answer 3' },
            ],
          });
          expect(within(section()).getByTestId('answers-save')).toHaveAttribute('aria-busy', 'true');
        },
        saved: async () => {
          expect(await within(section()).findByTestId('answers-saved')).toHaveTextContent(
            ui.t('settings.security.saved'),
          );
          // the answers are not shown again, nor the PIN
          for (const i of [0, 1, 2]) expect(answerBox(i)).toHaveValue('');
          expect(pinBox()).toHaveValue('');
        },
        wrongPin: async () => {
          await waitFor(() => expect(pinError()).toContain(ui.t('errors.field.CURRENT_PIN_WRONG')));
          expect(answerBox(2)).toHaveValue('answer 3');
        },
        failed: async () => {
          const alert = await within(section()).findByTestId('answers-error');
          expect(alert).toHaveTextContent(ui.t('settings.security.failed'));
          expect(alert).toHaveTextContent(ui.t('errors.network'));
          expect(answerBox(0)).toHaveValue('answer 1');
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
