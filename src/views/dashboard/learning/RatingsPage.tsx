import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MyReview } from '../../../../contract/learning';
import { RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX } from '../../../../contract/learning-constants';
import { reviewSave } from '../../../../machines/myLearning';
import { css } from '../../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../../app/flow';
import { Button } from '../../../components/button';
import * as Field from '../../../components/field';
import { Notice } from '../../../components/notice';
import * as RatingGroup from '../../../components/rating-group';
import { Stars } from '../../../components/stars';
import { StarIcon } from '../../../theme/icons';
import { formatDate } from '../../courses/format';
import { ListFrame, MyLearningFlow, MyLearningScreen, RowHeader, rowPanel } from './shared';

function ReviewEditor({ review, onClose }: { review: MyReview; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const send = useFlowSend(MyLearningFlow);
  const textId = useId();
  const [rating, setRating] = useState(review.rating);
  const [text, setText] = useState(review.text);
  const save = useFlowSelect(MyLearningFlow, (s) => reviewSave(s, review.courseId));
  const saveError = useFlowSelect(MyLearningFlow, (s) => s.context.saveError);
  const saving = save === 'saving';
  const saved = save === 'saved';
  const failed = save === 'failed';

  useEffect(() => {
    if (saved) onClose(true);
  }, [saved, onClose]);

  const errorText =
    saveError && intl.messages[`learning.errors.${saveError.code}`]
      ? intl.formatMessage({ id: `learning.errors.${saveError.code}` })
      : intl.formatMessage({ id: 'learning.reviews.saveError' });

  return (
    <form
      noValidate
      data-testid="review-editor"
      aria-label={intl.formatMessage({ id: 'learning.reviews.editOf' }, { course: review.courseTitle })}
      onSubmit={(e) => {
        e.preventDefault();
        send({
          type: 'myLearning.saveReview',
          review: { courseId: review.courseId, rating, text: text.trim() },
        });
      }}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '2' })}
    >
      <RatingGroup.Root
        count={RATING_MAX}
        value={rating}
        onValueChange={(e) => setRating(Math.max(RATING_MIN, e.value))}
        translations={{
          ratingValueText: (index) => intl.formatMessage({ id: 'learning.reviews.stars' }, { rating: index }),
        }}
      >
        <RatingGroup.Label>
          <FormattedMessage id="learning.reviews.ratingLabel" />
        </RatingGroup.Label>
        <RatingGroup.Stars />
        <RatingGroup.HiddenInput />
      </RatingGroup.Root>
      <Field.Root>
        <Field.Label htmlFor={textId}>
          <FormattedMessage id="learning.reviews.textLabel" />
        </Field.Label>
        <Field.Textarea
          id={textId}
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          rows={4}
          onChange={(e) => setText(e.target.value)}
        />
        <Field.HelperText>
          <FormattedMessage id="learning.reviews.textHelp" />
        </Field.HelperText>
      </Field.Root>
      {failed && <Notice data-testid="review-save-error" title={errorText} />}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' })}>
        <Button
          type="button"
          variant="ghost"
          disabled={saving}
          onClick={() => {
            send({ type: 'myLearning.dismiss' });
            onClose(false);
          }}
        >
          <FormattedMessage id="learning.reviews.cancel" />
        </Button>
        <Button type="submit" loading={saving}>
          <FormattedMessage id="learning.reviews.save" />
        </Button>
      </div>
    </form>
  );
}

function ReviewRow({ review }: { review: MyReview }) {
  const intl = useIntl();
  const send = useFlowSend(MyLearningFlow);
  const [editing, setEditing] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const editButtonId = useId();
  const updated = review.updatedAt !== review.createdAt;
  const close = useRef((saved: boolean) => {
    setEditing(false);
    setJustSaved(saved);
    // back to where she was
    requestAnimationFrame(() => document.getElementById(editButtonId)?.focus());
  }).current;
  return (
    <li className={rowPanel} data-testid="my-review">
      <RowHeader
        title={review.courseTitle}
        below={
          <Stars
            value={review.rating}
            label={intl.formatMessage({ id: 'learning.reviews.stars' }, { rating: review.rating })}
          />
        }
        end={
          !editing && (
            <Button
              id={editButtonId}
              type="button"
              variant="outline"
              size="sm"
              aria-label={intl.formatMessage(
                { id: 'learning.reviews.editOf' },
                { course: review.courseTitle },
              )}
              onClick={() => {
                send({ type: 'myLearning.dismiss' });
                setJustSaved(false);
                setEditing(true);
              }}
            >
              <FormattedMessage id="learning.reviews.edit" />
            </Button>
          )
        }
      />
      {editing ? (
        <ReviewEditor review={review} onClose={close} />
      ) : (
        <>
          <p
            className={css({ color: review.text ? 'fg.default' : 'fg.muted', whiteSpace: 'pre-line' })}
            data-testid="review-text"
          >
            {review.text || <FormattedMessage id="learning.reviews.noText" />}
          </p>
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
            <FormattedMessage
              id={updated ? 'learning.reviews.updatedOn' : 'learning.reviews.reviewedOn'}
              values={{ date: formatDate(intl, updated ? review.updatedAt : review.createdAt) }}
            />
          </p>
        </>
      )}
      <p role="status" className={css({ textStyle: 'body.sm', color: 'success.fg', fontWeight: '600' })}>
        {justSaved && !editing ? <FormattedMessage id="learning.reviews.saved" /> : null}
      </p>
    </li>
  );
}

/** Ratings & Reviews, /dashboard/ratings (spec §2, §3 Review): her reviews, each editable in place. */
export default function RatingsPage() {
  return (
    <MyLearningScreen list="reviews">
      <Reviews />
    </MyLearningScreen>
  );
}

function Reviews() {
  const items = useFlowSelect(MyLearningFlow, (s) => s.context.reviews);
  return (
    <ListFrame testId="my-reviews" messages="reviews" emptyIcon={<StarIcon />}>
      {items.map((review) => (
        <ReviewRow key={review.courseId} review={review} />
      ))}
    </ListFrame>
  );
}
