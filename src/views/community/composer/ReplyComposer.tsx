import { useIntl } from 'react-intl';
import type { PostOutcome } from '../../../../contract/circle';
import { createReply } from '../../../api/circle-write';
import { useFlowActor } from '../../../app/flow';
import { Button } from '../../../components/button';
import { ComposerForm } from './ComposerForm';
import { ComposerFlow, useComposerActor } from './composer-actor';
import { runActor } from './run-actor';

/**
 * Her reply at the bottom of a thread (issue 27): the body, "post as", the rules before her first
 * post; `onSent` hears what became of it (the thread adds it to its list).
 */
export function ReplyComposer({
  threadId,
  onSent,
}: {
  threadId: string;
  onSent?: (outcome: PostOutcome) => void;
}) {
  const actor = useComposerActor({
    input: { mode: 'reply' },
    draft: { id: threadId },
    onSent,
    send: (input, signal) =>
      runActor(createReply, { threadId, body: input.body, anonymous: input.anonymous }, signal),
  });
  return (
    <ComposerFlow.Provider value={actor}>
      <section data-testid="circle-reply-composer">
        <ComposerForm
          sendLabelId="community.composer.reply.send"
          bodyLabelId="community.composer.reply.label"
          showTitle={false}
          showPostAs
          after={<Again />}
        />
      </section>
    </ComposerFlow.Provider>
  );
}

function Again() {
  const intl = useIntl();
  const actor = useFlowActor(ComposerFlow);
  return (
    <Button type="button" size="sm" variant="outline" onClick={() => actor.send({ type: 'composer.again' })}>
      {intl.formatMessage({ id: 'community.composer.again' })}
    </Button>
  );
}
