import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { onQuizScreen } from '../../machines/offline-rules';
import { useSystemActor } from './actors';
import { notify } from './notify';

/**
 * A quiz she answered with no network is sent when she is back (the offline machine's queue). On
 * the quiz's own screen its result shows itself; anywhere else a toast says it was sent and where
 * her result is, so a result that came while the screen was closed is not missed.
 */
export function QuizSentNotice() {
  const offline = useSystemActor('offline');
  const intl = useIntl();
  const intlRef = useRef(intl);
  intlRef.current = intl;
  useEffect(() => {
    const sub = offline.on('offline.sent', (e) => {
      if (e.kind !== 'quiz.submit' || onQuizScreen(location.pathname, e.courseId)) return;
      const say = intlRef.current.formatMessage;
      notify({
        type: 'success',
        title: say({ id: 'quizSent.title' }),
        description: say({ id: 'quizSent.body' }),
      });
    });
    return () => sub.unsubscribe();
  }, [offline]);
  return null;
}
