import { codeToVerify, type ForgotPinContext, failure } from './forgotPin-rules';
import { LOCK_TICK_MS } from './lock';

/**
 * PIN recovery's recovery-code branch (issue 25), the states machines/forgotPin.ts adds beside the
 * answers: she types the one-time code she wrote down, the server checks it (throttled like the
 * answers) and retires it, and the new PIN follows as after the answers. With the lock they share
 * and the way back from the new PIN, and the two stops on the way (locked, expired), kept here so
 * the machine's file reads as the flow.
 */

/** The failure's code (and wait) kept for the screen to say. */
export const showFailure = { type: 'setError', params: failure } as const;
/** Too many attempts (or requests): the locked screen, with the wait. */
export const stopWhenLocked = {
  guard: { type: 'isLocked', params: failure },
  target: 'locked',
  actions: showFailure,
} as const;
/** Back from the new PIN (or an expired reset): to the way she proved it was her. */
export const backToProof = [
  { guard: 'viaCode', target: 'enteringCode', actions: 'dropPins' },
  { target: 'answering', actions: ['useAnswers', 'dropPins'] },
] as const;

/**
 * How the server's check of her proof (answers or code) ends: the reset token on to the new PIN; a
 * lock stops; an alias it does not know goes back to the alias step; anything else (a wrong answer
 * or code, with its count) back to `retry`.
 *
 *     invoke: { src: 'verifyAnswers', input: …, ...proofChecked('answering') },
 */
export const proofChecked = <T extends string>(retry: T) =>
  ({
    onDone: {
      target: 'choosingPin',
      actions: {
        type: 'keepResetToken',
        params: ({ event }: { event: { output: { resetToken: string } } }) => event.output,
      },
    },
    onError: [
      stopWhenLocked,
      {
        guard: { type: 'isUserNotFound', params: failure },
        target: 'enteringAlias',
        actions: showFailure,
      },
      { target: retry, actions: showFailure },
    ],
  }) as const;

/** Restart, from a stop or the end (or the lock run out): the alias step again, the rest forgotten. */
export const restartFromAlias = { target: 'enteringAlias', actions: 'startAgain' } as const;

/** The recovery code instead of the answers (issue 25): typed, checked and retired by the server. */
export const codeStates = {
  enteringCode: {
    description:
      'She types her recovery code (any case, spaces or hyphens); one that cannot be a code is refused here.',
    tags: ['step:code'],
    on: {
      'forgotPin.codeChanged': { actions: 'setCode' },
      'forgotPin.submitCode': [
        { guard: 'codeInvalid', actions: 'showCodeProblem' },
        { target: 'verifyingCode', actions: 'clearErrors' },
      ],
      'forgotPin.useAnswers': { target: 'loadingQuestions', actions: 'useAnswers' },
      'forgotPin.back': { target: 'enteringAlias', actions: ['useAnswers', 'clearErrors'] },
    },
  },
  verifyingCode: {
    description:
      'The server checks her code (throttled as the answers are); a wrong one stays here with its count, a lock stops.',
    tags: ['step:code', 'busy'],
    invoke: {
      src: 'verifyCode',
      input: ({ context }: { context: ForgotPinContext }) => codeToVerify(context),
      ...proofChecked('enteringCode'),
    },
    on: { 'forgotPin.back': 'enteringCode' },
  },
} as const;

/** The stops on the way: too many attempts (a countdown), or a reset that took too long. */
export const stopStates = {
  locked: {
    description: 'Too many attempts: the wait counts down each second, then the alias step comes back.',
    tags: ['step:stopped', 'reason:locked'],
    after: {
      [LOCK_TICK_MS]: [
        { guard: 'lockOver', ...restartFromAlias },
        { target: 'locked', reenter: true, actions: 'tickLock' },
      ],
    },
    on: {
      'forgotPin.restart': restartFromAlias,
      'forgotPin.back': { target: 'enteringAlias', actions: 'clearErrors' },
    },
  },
  expired: {
    description: 'The reset took too long; back checks her answers (or her code) again for a new token.',
    tags: ['step:stopped', 'reason:expired'],
    on: { 'forgotPin.restart': restartFromAlias, 'forgotPin.back': backToProof },
  },
} as const;
