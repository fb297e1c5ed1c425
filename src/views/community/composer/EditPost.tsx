import { useIntl } from 'react-intl';
import type { CirclePost } from '../../../../contract/circle';
import { editPost } from '../../../api/circle-write';
import { Button } from '../../../components/button';
import { ComposerForm } from './ComposerForm';
import { ComposerFlow, useComposerActor } from './composer-actor';
import { runActor } from './run-actor';

/**
 * Her own post, changed within 15 minutes of sending it (issue 27): the same checks as a new post;
 * `onDone(saved)` once it is saved (the thread shows the new text), `onDone()` when she cancels.
 */
export function EditPost({
  post,
  onDone,
  opening = false,
}: {
  post: CirclePost;
  onDone: (saved?: CirclePost) => void;
  opening?: boolean;
}) {
  const intl = useIntl();
  const actor = useComposerActor({
    input: { mode: 'edit', body: post.body, opening },
    draft: null,
    onSent: (outcome) => onDone(outcome.post),
    send: async (input, signal) => {
      const saved = await runActor(editPost, { postId: post.id, body: input.body }, signal);
      return { post: saved, status: saved.status === 'pending' ? 'pending' : 'published', crisis: false };
    },
  });
  return (
    <ComposerFlow.Provider value={actor}>
      <section data-testid="circle-edit-post">
        <ComposerForm
          sendLabelId="community.composer.edit.save"
          bodyLabelId="community.composer.edit.label"
          showTitle={false}
          showPostAs={false}
          extra={null}
        />
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => onDone()}
          data-testid="composer-edit-cancel"
        >
          {intl.formatMessage({ id: 'community.composer.edit.cancel' })}
        </Button>
      </section>
    </ComposerFlow.Provider>
  );
}
