import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CV_MAX_BYTES, type FormKind, type FormReceipt } from '../../contract/forms-rules';
import {
  type ChosenCv,
  enquiryFormMachine,
  problemsOf,
  type SendFormInput,
} from '../../machines/enquiryForm';
import { controlledActor } from '../support/stub-actors';

/** The form with a send the test answers by hand; every call is recorded (and its abort). */
function start(kind: FormKind = 'contact') {
  const send = controlledActor<FormReceipt, SendFormInput>();
  const actor = createActor(enquiryFormMachine.provide({ actors: { sendForm: send.logic } }), {
    input: { kind },
  }).start();
  const type = (field: string, value: string) => actor.send({ type: 'form.change', field, value });
  return { actor, send, type, snap: () => actor.getSnapshot() };
}

const PDF_HEAD = new TextEncoder().encode('%PDF-');
const cv = (over: Partial<ChosenCv> = {}): ChosenCv => ({
  name: 'cv.pdf',
  size: 40_000,
  head: PDF_HEAD,
  file: { fake: 'file' },
  ...over,
});

function fillContact(type: (f: string, v: string) => void) {
  type('subject', 'A question about courses');
  type('message', 'Where can I find the course on menopause, please?');
}

describe('enquiryForm machine', () => {
  it('starts editing with every field of its form empty', () => {
    const { snap } = start('programs');
    expect(snap().value).toBe('editing');
    expect(snap().context.values).toEqual({
      organisation: '',
      organisationKind: '',
      size: '',
      country: '',
      email: '',
      message: '',
    });
  });

  it('refuses an empty submit with a code per required field, counting the attempt, and sends nothing', () => {
    const { actor, send, snap } = start('contact');
    actor.send({ type: 'form.submit' });
    expect(snap().value).toBe('editing');
    expect(snap().context.fieldErrors).toEqual({ subject: 'REQUIRED', message: 'REQUIRED' });
    expect(snap().context.attempt).toBe(1);
    expect(send.calls).toHaveLength(0);
  });

  it('checks a marked field again as she types, and leaves unmarked fields alone', () => {
    const { actor, type, snap } = start('contact');
    actor.send({ type: 'form.submit' });
    type('subject', 'hi');
    expect(snap().context.fieldErrors.subject).toBe('TEXT_TOO_SHORT');
    type('subject', 'Hello there');
    expect(snap().context.fieldErrors).not.toHaveProperty('subject');
    type('replyTo', 'not an address');
    expect(snap().context.fieldErrors).not.toHaveProperty('replyTo');
  });

  it('sends a valid form, busy while it goes, then shows it sent and empties the form', async () => {
    const { actor, send, type, snap } = start('contact');
    fillContact(type);
    actor.send({ type: 'form.submit' });
    expect(snap().value).toBe('submitting');
    expect(snap().hasTag('busy')).toBe(true);
    expect(send.last()!.input).toEqual({
      kind: 'contact',
      values: {
        name: '',
        replyTo: '',
        subject: 'A question about courses',
        message: 'Where can I find the course on menopause, please?',
      },
      cv: null,
    });
    await send.resolve({ received: true });
    expect(snap().value).toBe('sent');
    expect(snap().context.values.subject).toBe('');
    actor.send({ type: 'form.another' });
    expect(snap().value).toBe('editing');
  });

  it('keeps what she typed when the network fails, and sends it again on retry', async () => {
    const { actor, send, type, snap } = start('contact');
    fillContact(type);
    actor.send({ type: 'form.submit' });
    await send.reject({ code: 'NETWORK_ERROR' });
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual({ code: 'NETWORK_ERROR' });
    expect(snap().context.values.subject).toBe('A question about courses');
    actor.send({ type: 'form.retry' });
    expect(snap().value).toBe('submitting');
    expect(snap().context.error).toBeNull();
    expect(send.calls).toHaveLength(2);
    expect(send.last()!.input.values.subject).toBe('A question about courses');
  });

  it('puts the server’s field codes on the fields and goes back to editing, what she typed kept', async () => {
    const { actor, send, type, snap } = start('contact');
    fillContact(type);
    actor.send({ type: 'form.submit' });
    await send.reject({ code: 'VALIDATION_ERROR', fields: { message: 'TEXT_TOO_LONG' } });
    expect(snap().value).toBe('editing');
    expect(snap().context.fieldErrors).toEqual({ message: 'TEXT_TOO_LONG' });
    expect(snap().context.attempt).toBe(1);
    expect(snap().context.values.message).toContain('menopause');
  });

  it('an edit after a failure goes back to editing without the error', async () => {
    const { actor, send, type, snap } = start('contact');
    fillContact(type);
    actor.send({ type: 'form.submit' });
    await send.reject({ code: 'RATE_LIMITED', retryAfter: 120 });
    expect(snap().context.error).toEqual({ code: 'RATE_LIMITED', retryAfter: 120 });
    type('name', 'Layla');
    expect(snap().value).toBe('editing');
    expect(snap().context.error).toBeNull();
    expect(snap().context.values.name).toBe('Layla');
  });

  it('a submit from failed sends what she typed again', async () => {
    const { actor, send, type, snap } = start('contact');
    fillContact(type);
    actor.send({ type: 'form.submit' });
    await send.reject({ code: 'SERVER_ERROR' });
    actor.send({ type: 'form.submit' });
    expect(snap().value).toBe('submitting');
    await send.reject({ code: 'SERVER_ERROR' });
    expect(snap().value).toBe('failed');
  });

  it('leaving the form aborts a request in flight', () => {
    const { actor, send, type } = start('contact');
    fillContact(type);
    actor.send({ type: 'form.submit' });
    const call = send.last()!;
    actor.stop();
    expect(call.signal.aborted).toBe(true);
  });

  describe('the expert application’s CV', () => {
    function fillApplication(type: (f: string, v: string) => void) {
      type('name', 'Dr Hana Saleh');
      type('email', 'hana@example.org');
      type('profession', 'midwife');
      type('specialty', 'Antenatal care');
      type('languages', 'ar-en');
      type('yearsOfPractice', '12');
      type('licence', 'JMC-12345');
      type(
        'statement',
        'Twelve years of caring for women before, during and after pregnancy, in clinics and homes.',
      );
    }

    it('requires a CV', () => {
      const { actor, type, snap } = start('expert-application');
      fillApplication(type);
      actor.send({ type: 'form.submit' });
      expect(snap().context.fieldErrors).toEqual({ cv: 'FILE_REQUIRED' });
    });

    it('refuses a file that is not a PDF by its first bytes, or one over 5 MB, at once', () => {
      const { actor, snap } = start('expert-application');
      actor.send({
        type: 'form.cvChosen',
        cv: cv({ name: 'cv.pdf', head: new TextEncoder().encode('Hello') }),
      });
      expect(snap().context.cv).toBeNull();
      expect(snap().context.fieldErrors.cv).toBe('FILE_NOT_PDF');
      actor.send({ type: 'form.cvChosen', cv: cv({ size: CV_MAX_BYTES + 1 }) });
      expect(snap().context.fieldErrors.cv).toBe('FILE_TOO_LARGE');
      actor.send({ type: 'form.cvChosen', cv: cv() });
      expect(snap().context.cv?.name).toBe('cv.pdf');
      expect(snap().context.fieldErrors).not.toHaveProperty('cv');
    });

    it('sends the CV with the fields; removing it asks for one again', async () => {
      const { actor, send, type, snap } = start('expert-application');
      fillApplication(type);
      actor.send({ type: 'form.cvChosen', cv: cv() });
      actor.send({ type: 'form.cvCleared' });
      actor.send({ type: 'form.submit' });
      expect(snap().context.fieldErrors).toEqual({ cv: 'FILE_REQUIRED' });
      actor.send({ type: 'form.cvChosen', cv: cv() });
      actor.send({ type: 'form.submit' });
      expect(send.last()!.input.cv?.file).toEqual({ fake: 'file' });
      await send.resolve({ received: true });
      expect(snap().value).toBe('sent');
      expect(snap().context.cv).toBeNull();
    });
  });

  it('problemsOf checks the CV only for the application', () => {
    expect(
      problemsOf({
        kind: 'concern',
        values: { topic: 'other', details: 'Something felt unsafe to me.' },
        cv: null,
      }),
    ).toEqual({});
    expect(problemsOf({ kind: 'expert-application', values: {}, cv: null }).cv).toBe('FILE_REQUIRED');
  });
});
