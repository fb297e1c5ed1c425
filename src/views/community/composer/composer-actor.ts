import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { PostOutcome } from '../../../../contract/circle';
import { type ComposerInput, type ComposerSend, composerMachine } from '../../../../machines/composer';
import { draftKey } from '../../../../machines/composer-rules';
import { loadCircleMe } from '../../../api/circle';
import { acceptRules } from '../../../api/circle-write';
import { useScreenOverrides } from '../../../app/actors';
import { createFlow } from '../../../app/flow';

export const ComposerFlow = createFlow<typeof composerMachine>('ComposerFlow');

function readDraft(key: string | null): { title?: string; body?: string } {
  if (!key) return {};
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? '{}') as { title?: string; body?: string };
  } catch {
    return {};
  }
}

function writeDraft(key: string | null, title: string, body: string) {
  if (!key) return;
  try {
    if (title || body) sessionStorage.setItem(key, JSON.stringify({ title, body }));
    else sessionStorage.removeItem(key);
  } catch {
    // storage off: the draft lives as long as the page
  }
}

/**
 * The composer's actor for one screen: the page's send, her draft kept in sessionStorage under
 * `draft` (a new thread per space, a reply per thread; an edit is not kept), `onSent` told.
 */
export function useComposerActor(options: {
  input: ComposerInput;
  send: (input: ComposerSend, signal: AbortSignal) => Promise<PostOutcome>;
  draft: { id: string } | null;
  onSent?: (outcome: PostOutcome) => void;
}) {
  const overrides = useScreenOverrides();
  const key = options.draft ? draftKey(options.input.mode, options.draft.id) : null;
  const [logic] = useState(() =>
    composerMachine.provide({
      actors: {
        loadCircleMe,
        acceptRules,
        sendPost: fromPromise<PostOutcome, ComposerSend>(({ input, signal }) => options.send(input, signal)),
      },
      actions: {
        storeDraft: (_, p) => writeDraft(key, p.title, p.body),
        sent: (_, p) => options.onSent?.(p.outcome),
      },
    }),
  );
  const [input] = useState(() => ({ ...options.input, ...readDraft(key) }));
  return useActorRef(logic, { input, inspect: overrides.inspect });
}
