import { FormattedMessage, useIntl } from 'react-intl';
import type { AttemptSummary, CourseScores } from '../../../../contract/learning';
import { css, cva } from '../../../../styled-system/css';
import { useFlowSelect } from '../../../app/flow';
import { ChartIcon } from '../../../theme/icons';
import { formatPercent } from '../../courses/format';
import { ListFrame, MyLearningFlow, MyLearningScreen, rowPanel } from './shared';

const cell = cva({
  base: { display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderRadius: 'md', minWidth: '0' },
  variants: {
    tone: {
      quiet: { bg: 'bg.subtle' },
      accent: { bg: 'accent.subtle', gridColumn: { base: '1 / -1', sm: 'auto' } },
    },
  },
  defaultVariants: { tone: 'quiet' },
});
const cellLabel = css({ textStyle: 'body.sm', color: 'fg.muted' });
const cellValue = cva({
  base: { fontSize: '2xl', fontWeight: '700', fontVariantNumeric: 'tabular-nums' },
  variants: { up: { true: { color: 'success.fg' }, false: { color: 'fg.default' } } },
  defaultVariants: { up: false },
});

function Attempt({ labelId, attempt }: { labelId: string; attempt: AttemptSummary | null }) {
  const intl = useIntl();
  return (
    <div className={cell()}>
      <dt className={cellLabel}>
        <FormattedMessage id={labelId} />
      </dt>
      {attempt ? (
        <dd className={css({ display: 'flex', flexDirection: 'column' })}>
          <span className={cellValue()}>{formatPercent(intl, attempt.score)}</span>
          <span className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
            <FormattedMessage
              id="learning.scores.correct"
              values={{
                correct: intl.formatNumber(attempt.correct),
                total: intl.formatNumber(attempt.total),
              }}
            />
          </span>
        </dd>
      ) : (
        <dd className={css({ color: 'fg.muted', fontWeight: '500' })}>
          <FormattedMessage id="learning.scores.notTaken" />
        </dd>
      )}
    </div>
  );
}

function ScoreRow({ item }: { item: CourseScores }) {
  const intl = useIntl();
  const n = (v: number) => intl.formatNumber(v);
  const sentence =
    item.pre && item.post ? (
      <FormattedMessage
        id="learning.scores.sentence.both"
        values={{
          pre: n(item.pre.correct),
          preTotal: n(item.pre.total),
          post: n(item.post.correct),
          postTotal: n(item.post.total),
        }}
      />
    ) : item.pre ? (
      <FormattedMessage
        id="learning.scores.sentence.pre"
        values={{ pre: n(item.pre.correct), preTotal: n(item.pre.total) }}
      />
    ) : (
      <FormattedMessage id="learning.scores.sentence.none" />
    );
  return (
    <li className={rowPanel} data-testid="course-scores">
      <h3 className={css({ textStyle: 'heading.sm' })}>{item.courseTitle}</h3>
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: '3',
        })}
      >
        <Attempt labelId="learning.scores.pre" attempt={item.pre} />
        <Attempt labelId="learning.scores.post" attempt={item.post} />
        <div className={cell({ tone: 'accent' })}>
          <dt className={cellLabel}>
            <FormattedMessage id="learning.scores.gain" />
          </dt>
          <dd
            className={css({ display: 'flex', alignItems: 'baseline', gap: '1.5' })}
            data-testid="score-gain"
          >
            {item.gain == null ? (
              <span className={css({ color: 'fg.muted', fontWeight: '500' })}>—</span>
            ) : (
              <>
                <span className={cellValue({ up: item.gain > 0 })}>
                  {intl.formatNumber(item.gain, { signDisplay: 'exceptZero' })}
                </span>
                <span className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
                  <FormattedMessage
                    id="learning.scores.gainQuestions"
                    values={{ count: Math.abs(item.gain) }}
                  />
                </span>
              </>
            )}
          </dd>
        </div>
      </dl>
      <p className={css({ color: 'fg.default' })} data-testid="score-sentence">
        {sentence}
      </p>
      {item.postAttempts > 1 && (
        <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
          <FormattedMessage id="learning.scores.attempts" values={{ count: item.postAttempts }} />
        </p>
      )}
    </li>
  );
}

/** My Test Scores, /dashboard/test-scores (spec §2, §3 Quiz): per course, before, after and the gain. */
export default function TestScoresPage() {
  return (
    <MyLearningScreen list="scores">
      <TestScores />
    </MyLearningScreen>
  );
}

function TestScores() {
  const items = useFlowSelect(MyLearningFlow, (s) => s.context.scores);
  return (
    <ListFrame testId="test-scores" messages="scores" emptyIcon={<ChartIcon />}>
      {items.map((item) => (
        <ScoreRow key={item.courseId} item={item} />
      ))}
    </ListFrame>
  );
}
