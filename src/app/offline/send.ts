/**
 * Sending one request made offline (issue 28; loaded lazily by the offline machine's sendItem):
 * POSTed with its own key (`clientKey`: the server keeps the first request with a key and answers
 * a repeat with the first answer). Sent, or refused by the server, it leaves the device's queue;
 * after no answer or a busy server (isRetryable) it stays for the next try.
 */
import { isRetryable, type QueueItem } from '../../../machines/offline-rules';
import { toAppError } from '../../../machines/types';
import { request } from '../../api/client';
import { dropItem } from './store';

export async function sendItem(item: QueueItem, signal: AbortSignal): Promise<unknown> {
  try {
    const output =
      item.kind === 'lesson.done'
        ? await request('/lms/lesson/complete', {
            method: 'POST',
            body: { courseId: item.courseId, lessonId: item.lessonId, clientKey: item.key },
            signal,
          })
        : await request('/lms/quiz/submit', {
            method: 'POST',
            body: { ...item.body, clientKey: item.key },
            signal,
          });
    // sent: gone from the device (a wipe meanwhile has already taken it)
    await dropItem(item.key).catch(() => {});
    return output;
  } catch (error) {
    if (!signal.aborted && !isRetryable(toAppError(error))) await dropItem(item.key).catch(() => {});
    throw error;
  }
}
