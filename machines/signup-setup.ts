import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { SignupEvent, SignupTag } from './signup-events';
import {
  ALIAS_DEBOUNCE_MS,
  type AliasAvailability,
  type Avatar,
  failedOn,
  landingStep,
  localProblems,
  registrationOf,
  type SecurityQuestion,
  type SignupContext,
  type SignupDraft,
  type Step,
  stepErrors,
  stepOfField,
  withDraft,
  withField,
  withStepErrors,
} from './signup-rules';
import { notProvided } from './types';

/**
 * What the sign-up chart (machines/signup.ts) names: its actors, delays, guards and actions. The
 * effects (`enterApp`, `saveDraft`, `forgetDraft`, the API and `prepareArrival`) are provided by the
 * screen; the rest are pure.
 */
const hasAny = (problems: Record<string, string>) => Object.keys(problems).length > 0;

export const signupSetup = setup({
  types: {} as {
    context: SignupContext;
    input: { session: SignupContext['session'] };
    events: SignupEvent;
    tags: SignupTag;
  },
  actors: {
    fetchAvatars: fromPromise<{ avatars: Avatar[] }>(notProvided),
    fetchSecurityQuestions: fromPromise<{ questions: SecurityQuestion[] }>(notProvided),
    checkAlias: fromPromise<AliasAvailability, { alias: string }>(notProvided),
    /**
     * Registered: gets the page she goes to ready (for the dashboard, its chunk and words), so the
     * confirmation stays on screen until it can render. The screen provides it (it never fails);
     * until then there is nothing to wait for.
     */
    prepareArrival: fromPromise<void>(async () => {}),
  },
  delays: { aliasDebounce: ALIAS_DEBOUNCE_MS },
  guards: {
    /** The changed field belongs to this step. */
    isFieldOf: ({ event }, { step }: { step: Step }) => {
      assertEvent(event, 'signup.fieldChanged');
      return stepOfField(event.field) === step;
    },
    /** The step breaks a rule the app checks by itself. */
    locallyInvalid: ({ context }, { step }: { step: Step }) => hasAny(localProblems(step, context)),
    /** …or still has an error from the server or an earlier try. */
    stepInvalid: ({ context }, { step }: { step: Step }) => hasAny(stepErrors(step, context)),
    isAvailable: (_, { available }: AliasAvailability) => available,
    /** The step the address asks for lands here (landingStep); never once registered. */
    landsOn: ({ context, event }, { step }: { step: Step }) => {
      assertEvent(event, 'signup.goTo');
      return !context.user && landingStep(context, event.step) === step;
    },
    /** The refused registration marked a field of this step. */
    failedOn: ({ event }, { step }: { step: Step }) => {
      assertEvent(event, 'session.failed');
      return failedOn(step, event.error);
    },
  },
  actions: {
    keepQuestions: assign((_, { questions }: { questions: SecurityQuestion[] }) => ({ questions })),
    keepAvatars: assign((_, { avatars }: { avatars: Avatar[] }) => ({ avatars })),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'signup.fieldChanged');
      return withField(context, event);
    }),
    clearFailure: assign({ error: null }),
    showStepErrors: assign({
      fieldErrors: ({ context }, { step }: { step: Step }) => withStepErrors(step, context),
    }),
    showAliasReason: assign({
      fieldErrors: ({ context }, { reason }: AliasAvailability) => ({
        ...context.fieldErrors,
        alias: reason ?? 'ALIAS_TAKEN',
      }),
    }),
    /** The server's field codes go on their fields; the failure itself is kept for the message. */
    keepFailure: assign(({ context, event }) => {
      assertEvent(event, 'session.failed');
      return { fieldErrors: { ...context.fieldErrors, ...event.error.fields }, error: event.error };
    }),
    askToRegister: sendTo(
      ({ context }) => context.session,
      ({ context, self }) => ({
        type: 'session.register' as const,
        registration: registrationOf(context),
        replyTo: self,
      }),
    ),
    keepUser: assign(({ event }) => {
      assertEvent(event, 'session.succeeded');
      return { user: event.user };
    }),
    /** Registered and signed in: the screen provides where she goes (the dashboard, with a welcome). */
    enterApp: () => {},
    /** Keeps what she typed for this session (sessionStorage): never the PIN nor the answers. */
    saveDraft: (_, _params: { draft: SignupDraft }) => {},
    /** Registered, or left on purpose: nothing to keep. */
    forgetDraft: () => {},
    restoreDraft: assign(({ event }) => {
      assertEvent(event, 'signup.restore');
      return withDraft(event.draft);
    }),
  },
});
