import { FormattedMessage, useIntl } from 'react-intl';
import { REVIEW_TEXT_MAX } from '../../../contract/learning-constants';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { useCourseLifecycle } from '../../app/actors';
import { Button } from '../../components/button';
import * as Field from '../../components/field';
import { Notice } from '../../components/notice';
import * as RatingGroup from '../../components/rating-group';
import { learningError } from '../course/errors';
import { useCourseActor } from '../course/useCourse';

/** Her review of the course: Ark RatingGroup (1–5) and an optional text, saved with PUT /feedback/user/{id}. */
export function ReviewForm() {
  const intl = useIntl();
  const actor = useCourseActor();
  const draft = useCourseLifecycle((s) => s.context.draft);
  const error = useCourseLifecycle((s) => s.context.feedbackError);
  const saving = useCourseLifecycle((s) => s.hasTag('feedback:saving'));
  const saved = useCourseLifecycle((s) => s.hasTag('feedback:saved'));
  const savedNow = useCourseLifecycle((s) => s.hasTag('feedback:saved') && s.context.reviewSavedNow);
  const hasReview = useCourseLifecycle((s) => !!s.context.course?.myReview);
  const ratingError = error && (error.code === 'RATING_REQUIRED' || error.code === 'RATING_INVALID');
  const textError = error?.code === 'REVIEW_TOO_LONG';
  const over = draft.text.length > REVIEW_TEXT_MAX;

  return (
    <form
      noValidate
      data-testid="review-form"
      className={stack({ gap: '5' })}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'course.saveReview' });
      }}
    >
      <div className={stack({ gap: '1' })}>
        <h2 id="feedback-title" className={css({ textStyle: 'heading.sm' })}>
          <FormattedMessage id="learning.complete.feedback.title" />
        </h2>
        <p className={css({ color: 'fg.muted', textStyle: 'body.md', maxWidth: '65ch' })}>
          <FormattedMessage
            id={hasReview ? 'learning.complete.feedback.editHint' : 'learning.complete.feedback.intro'}
          />
        </p>
      </div>

      <RatingGroup.Root
        count={5}
        value={draft.rating}
        onValueChange={(e) => actor.send({ type: 'course.ratingChanged', rating: e.value })}
        disabled={saving}
        required
        aria-invalid={ratingError || undefined}
        translations={{
          ratingValueText: (index: number) =>
            intl.formatMessage({ id: 'learning.complete.feedback.starLabel' }, { count: index }),
        }}
      >
        <RatingGroup.Label>
          <FormattedMessage id="learning.complete.feedback.rating" />
        </RatingGroup.Label>
        <RatingGroup.Stars />
        <RatingGroup.HiddenInput />
        {ratingError && (
          <p
            role="alert"
            className={css({ color: 'error.fg', textStyle: 'body.sm' })}
            data-testid="rating-error"
          >
            {learningError(intl, error)}
          </p>
        )}
      </RatingGroup.Root>

      <Field.Root invalid={over || textError} disabled={saving}>
        <Field.Label>
          <FormattedMessage id="learning.complete.feedback.text" />
        </Field.Label>
        <Field.Textarea
          rows={5}
          dir="auto"
          value={draft.text}
          onChange={(e) => actor.send({ type: 'course.reviewTextChanged', text: e.currentTarget.value })}
          data-testid="review-text"
        />
        <div
          className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}
        >
          <Field.HelperText>
            <FormattedMessage id="learning.reviews.textHelp" />
          </Field.HelperText>
          <span
            aria-live="polite"
            className={css({
              textStyle: 'body.sm',
              color: over ? 'error.fg' : 'fg.muted',
              fontVariantNumeric: 'tabular-nums',
              marginInlineStart: 'auto',
            })}
            data-testid="review-counter"
          >
            {intl.formatMessage(
              { id: 'learning.complete.feedback.counter' },
              { count: draft.text.length, max: REVIEW_TEXT_MAX },
            )}
          </span>
        </div>
        {(over || textError) && (
          <Field.ErrorText>
            <FormattedMessage id="learning.errors.REVIEW_TOO_LONG" />
          </Field.ErrorText>
        )}
      </Field.Root>

      {error && !ratingError && !textError && (
        <Notice
          data-testid="review-error"
          description={learningError(intl, error, 'learning.errors.REVIEW_SAVE_FAILED')}
        />
      )}
      {savedNow && (
        <Notice
          status="success"
          data-testid="review-saved"
          description={<FormattedMessage id="learning.complete.feedback.saved" />}
        />
      )}

      <Button
        type="submit"
        size="lg"
        loading={saving}
        disabled={saved}
        className={css({ alignSelf: { sm: 'flex-start' } })}
        data-testid="review-save"
      >
        <FormattedMessage
          id={hasReview ? 'learning.complete.feedback.update' : 'learning.complete.feedback.save'}
        />
      </Button>
    </form>
  );
}
