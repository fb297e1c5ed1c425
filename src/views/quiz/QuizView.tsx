import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'wouter';
import type { QuizKind } from '../../../contract/learning-constants';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { useSession } from '../../app/actors';
import { Disclaimer } from '../../components/disclaimer';
import { OfflineMark } from '../learn/offline';
import { QuizForm } from './QuizForm';
import { QuizResult } from './QuizResult';
import { QuizFailed, QuizLoading, QuizQueued } from './QuizStates';
import { useQuiz, useQuizStep } from './useQuiz';

/** /dashboard/course/:id/quiz/pre and /post (spec §2: the header reads "Test Your Knowledge"). */
export default function QuizView() {
  const params = useParams<{ id: string; kind: string }>();
  const kind: QuizKind = params.kind === 'post' ? 'post' : 'pre';
  const userId = useSession((s) => String(s.context.user?.id ?? s.context.user?.userid ?? ''));
  return <QuizScreen key={`${params.id}/${kind}`} courseId={params.id} kind={kind} userId={userId} />;
}

function QuizScreen({ courseId, kind, userId }: { courseId: string; kind: QuizKind; userId: string }) {
  const quiz = useQuiz({ courseId, kind, userId });
  const step = useQuizStep(quiz);
  const courseTitle = useSelector(quiz, (s) => s.context.courseTitle);

  return (
    <div className={stack({ maxWidth: '3xl', mx: 'auto', gap: '6' })}>
      <OfflineMark />
      <header className={stack({ gap: '2' })}>
        {courseTitle && (
          <p className={css({ color: 'accent.fg', fontWeight: '600', textStyle: 'body.sm' })}>
            {courseTitle}
          </p>
        )}
        <h2 className={css({ textStyle: 'heading.lg', color: 'fg.default', textWrap: 'balance' })}>
          <FormattedMessage id={`learning.quiz.title.${kind}`} />
        </h2>
        <p className={css({ color: 'fg.muted' })}>
          <FormattedMessage id={`learning.quiz.intro.${kind}`} />
        </p>
        <Disclaimer />
      </header>
      {step === 'loading' && <QuizLoading />}
      {step === 'failed' && <QuizFailed quiz={quiz} courseId={courseId} />}
      {step === 'answering' && <QuizForm quiz={quiz} />}
      {step === 'queued' && <QuizQueued />}
      {step === 'result' && <QuizResult quiz={quiz} courseId={courseId} kind={kind} />}
    </div>
  );
}
