import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { FormReceipt } from '../../contract/forms-rules';
import { enquiryFormMachine, type SendFormInput } from '../../machines/enquiryForm';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the public forms' machine (issue 9) on the REAL expert application screen,
 * /experts/apply (real enquiryForm machine, real views, Ark Select, RadioGroup and FileUpload) in
 * jsdom: a test model whose server answers are explicit events; every state check reads the DOM.
 * The application is the form with every transition (the CV's too). Coverage of the real machine
 * is recorded through `inspect`.
 */
const coverage = new Coverage('enquiryForm', enquiryFormMachine);

const ui = modelApp({ coverage, stubs: { sendForm: () => controlledActor<FormReceipt, SendFormInput>() } });
const { t, settle } = ui;
const send = () => ui.stubs.sendForm;

// the screen's chunks (Ark FileUpload, Select…) are compiled once before the paths time their steps
beforeAll(async () => {
  await import('../../src/views/experts-apply/ExpertApplyView');
  await import('../../src/views/forms/EnquiryForm');
}, 120_000);

const form = () => screen.getByTestId('form-expert-application');
const input = (name: string) => screen.getByTestId(`field-${name}`) as HTMLInputElement;

const TEXTS = {
  name: 'Dr Hana Saleh',
  email: 'hana@example.org',
  specialty: 'Antenatal care',
  yearsOfPractice: '12',
  licence: 'JMC-12345',
  statement: 'Twelve years of caring for women before, during and after pregnancy, in clinics and at home.',
};
const PDF = () => new File(['%PDF-1.4\n%fixture\n'], 'my-cv.pdf', { type: 'application/pdf' });
const TEXT_AS_PDF = () => new File(['Hello, not a PDF at all'], 'renamed.pdf', { type: 'application/pdf' });

async function upload(file: File) {
  const hidden = form().querySelector<HTMLInputElement>('input[type="file"]')!;
  await ui.app.user.upload(hidden, file);
  // the screen reads the first bytes before it tells the machine
  await act(() => new Promise((r) => setTimeout(r, 20)));
}

async function choose(name: string, optionLabel: string) {
  await ui.app.user.click(input(name));
  await ui.app.user.click(await screen.findByRole('option', { name: optionLabel }));
}

async function fillAll() {
  for (const [name, value] of Object.entries(TEXTS)) fireEvent.change(input(name), { target: { value } });
  await choose('profession', t('forms.option.profession.midwife'));
  await ui.app.user.click(within(input('languages')).getByText(t('forms.option.languages.ar-en')));
  await upload(PDF());
}

/** She edits a field and puts it back as it was (two real changes). */
function retype(name: keyof typeof TEXTS) {
  fireEvent.change(input(name), { target: { value: `${TEXTS[name]} (edited)` } });
  fireEvent.change(input(name), { target: { value: TEXTS[name] } });
}

function expectValuesKept() {
  for (const [name, value] of Object.entries(TEXTS)) expect(input(name)).toHaveValue(value);
  expect(input('profession')).toHaveTextContent(t('forms.option.profession.midwife'));
  expect(screen.getByTestId('cv-file')).toHaveTextContent('my-cv.pdf');
}

function expectNoErrors() {
  expect(screen.queryByTestId('form-problems')).toBeNull();
  expect(form().querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  expect(screen.queryByTestId('error-cv')).toBeNull();
}

// ------------------------------------------------------------------ the test model

const model = createMachine({
  id: 'enquiryFormModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'empty' } },
    empty: { on: { SUBMIT_EMPTY: 'invalid', FILL: 'filled' } },
    invalid: { on: { FILL: 'filled' } },
    filled: { on: { SUBMIT: 'submitting', CHOOSE_TEXT_FILE: 'badFile', REMOVE_CV: 'noCv' } },
    badFile: { on: { CHOOSE_PDF: 'filled' } },
    noCv: { on: { SUBMIT_NO_CV: 'cvMissing' } },
    cvMissing: { on: { CHOOSE_PDF: 'filled' } },
    submitting: { on: { SERVER_OK: 'sent', SERVER_FIELDS: 'serverInvalid', SERVER_FAIL: 'failed' } },
    serverInvalid: { on: { FIX_LICENCE: 'filled' } },
    failed: {
      on: {
        RETRY: 'submitting',
        SUBMIT_AGAIN: 'submitting',
        EDIT: 'filled',
        CHOOSE_TEXT_FILE: 'badFile',
        REMOVE_CV: 'noCv',
      },
    },
    sent: { on: { ANOTHER: 'emptyAgain' } },
    emptyAgain: {},
  },
});

const paths = createTestModel(model).getShortestPaths({ allowDuplicatePaths: true });

describe('enquiryForm model on the real expert application screen', () => {
  it('generates paths through every model state', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/experts/apply', { ready: 'form-expert-application' }),
        SUBMIT_EMPTY: async () => ui.app.user.click(screen.getByTestId('form-submit')),
        FILL: fillAll,
        SUBMIT: async () => ui.app.user.click(screen.getByTestId('form-submit')),
        SUBMIT_NO_CV: async () => ui.app.user.click(screen.getByTestId('form-submit')),
        SUBMIT_AGAIN: async () => ui.app.user.click(screen.getByTestId('form-submit')),
        CHOOSE_TEXT_FILE: () => upload(TEXT_AS_PDF()),
        CHOOSE_PDF: () => upload(PDF()),
        REMOVE_CV: async () => ui.app.user.click(screen.getByTestId('cv-remove')),
        SERVER_OK: async () => {
          await send().resolve({ received: true });
          await settle();
        },
        SERVER_FIELDS: async () => {
          await send().reject({ code: 'VALIDATION_ERROR', fields: { licence: 'TEXT_TOO_LONG' } });
          await settle();
        },
        SERVER_FAIL: async () => {
          await send().reject({ code: 'NETWORK_ERROR' });
          await settle();
        },
        FIX_LICENCE: async () => retype('licence'),
        RETRY: () => ui.press('forms.retry'),
        EDIT: async () => retype('specialty'),
        ANOTHER: () => ui.press('forms.expert-application.sent.another'),
      },
      states: {
        closed: ui.expectClosed,
        empty: () => {
          expect(screen.getByRole('heading', { level: 1, name: t('forms.apply.title') })).toBeInTheDocument();
          for (const name of Object.keys(TEXTS)) expect(input(name)).toHaveValue('');
          expect(screen.queryByTestId('cv-file')).toBeNull();
          expectNoErrors();
        },
        invalid: async () => {
          const summary = await screen.findByTestId('form-problems');
          expect(summary).toHaveAttribute('role', 'alert');
          expect(summary).toHaveTextContent(t('forms.problems', { count: 9 }));
          expect(input('name')).toHaveAttribute('aria-invalid', 'true');
          // each field says what to enter there, not a generic "fill in this field"
          await waitFor(() =>
            expect(input('name')).toHaveAccessibleDescription(t('forms.error.name.REQUIRED')),
          );
          for (const name of ['email', 'specialty', 'licence', 'statement']) {
            expect(input(name)).toHaveAccessibleDescription(
              expect.stringContaining(t(`forms.error.${name}.REQUIRED`)),
            );
          }
          expect(screen.queryByText(t('forms.error.REQUIRED'))).toBeNull();
          // focus goes to the first field with a problem
          await waitFor(() => expect(document.activeElement).toBe(input('name')));
          expect(screen.getByTestId('error-cv')).toHaveTextContent(t('forms.error.FILE_REQUIRED'));
          expect(send().calls).toHaveLength(0);
        },
        filled: async () => {
          await waitFor(() => expect(screen.getByTestId('cv-file')).toBeInTheDocument());
          expectValuesKept();
          expectNoErrors();
          expect(screen.queryByTestId('form-failed')).toBeNull();
        },
        badFile: async () => {
          const error = await screen.findByTestId('error-cv');
          expect(error).toHaveTextContent(t('forms.error.FILE_NOT_PDF'));
          expect(screen.queryByTestId('cv-file')).toBeNull();
          expect(screen.getByTestId('cv-choose')).toHaveAccessibleDescription(
            expect.stringContaining(t('forms.error.FILE_NOT_PDF')),
          );
        },
        noCv: () => {
          expect(screen.queryByTestId('cv-file')).toBeNull();
          expect(input('name')).toHaveValue(TEXTS.name);
        },
        cvMissing: async () => {
          expect(await screen.findByTestId('error-cv')).toHaveTextContent(t('forms.error.FILE_REQUIRED'));
          expect(screen.getByTestId('form-problems')).toHaveTextContent(t('forms.problems', { count: 1 }));
          await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('cv-choose')));
        },
        submitting: async () => {
          await waitFor(() => expect(form()).toHaveAttribute('aria-busy', 'true'));
          expect(screen.getByTestId('form-submit')).toBeDisabled();
          expect(form().querySelector('fieldset')).toBeDisabled();
          const sent = send().last()!.input;
          expect(sent.kind).toBe('expert-application');
          expect(sent.values).toMatchObject({ ...TEXTS, profession: 'midwife', languages: 'ar-en' });
          expect((sent.cv!.file as File).name).toBe('my-cv.pdf');
        },
        serverInvalid: async () => {
          await waitFor(() => expect(input('licence')).toHaveAttribute('aria-invalid', 'true'));
          await waitFor(() =>
            expect(input('licence')).toHaveAccessibleDescription(
              expect.stringContaining(t('forms.error.TEXT_TOO_LONG', { max: 200 })),
            ),
          );
          await waitFor(() => expect(document.activeElement).toBe(input('licence')));
          expectValuesKept();
        },
        failed: async () => {
          const alert = await screen.findByTestId('form-failed');
          expect(alert).toHaveAttribute('role', 'alert');
          expect(alert).toHaveTextContent(t('forms.failed.NETWORK_ERROR'));
          expect(form()).toHaveAttribute('aria-busy', 'false');
          expectValuesKept();
        },
        sent: async () => {
          const done = await screen.findByTestId('form-sent');
          expect(done).toHaveTextContent(t('forms.expert-application.sent.title'));
          await waitFor(() => expect(document.activeElement).toBe(done));
          expect(screen.queryByTestId('form-expert-application')).toBeNull();
        },
        emptyAgain: async () => {
          await screen.findByTestId('form-expert-application');
          for (const name of Object.keys(TEXTS)) expect(input(name)).toHaveValue('');
          expect(screen.queryByTestId('cv-file')).toBeNull();
          expectNoErrors();
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
