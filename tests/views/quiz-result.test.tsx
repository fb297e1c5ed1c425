import arCore from 'virtual:messages/ar';
import arLearning from 'virtual:messages/ar/learning';
import enCore from 'virtual:messages/en';
import enLearning from 'virtual:messages/en/learning';
import { render, screen } from '@testing-library/react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { AttemptResult } from '../../machines/quiz';
import type { Locale } from '../../machines/types';
import { QuizResult } from '../../src/views/quiz/QuizResult';

/**
 * The quiz result's score ring and the sentence under it state the same percentage: one string,
 * formatted by Intl as a percent in the page's language (same digits, same % sign and its place).
 */
const RESULT: AttemptResult = {
  score: 80,
  correct: 4,
  total: 5,
  submittedAt: '2026-11-25T09:00:00.000Z',
  feedback: [],
} as unknown as AttemptResult;

const MESSAGES: Record<Locale, Record<string, MessageFormatElement[]>> = {
  en: { ...enCore, ...enLearning } as never,
  ar: { ...enCore, ...enLearning, ...arCore, ...arLearning } as never,
};

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function renderResult(locale: Locale, score: number) {
  const quiz = createActor(
    createMachine({ context: { result: { ...RESULT, score }, questions: [] } }),
  ).start();
  const view = render(
    <IntlProvider locale={locale} defaultLocale="en" messages={MESSAGES[locale]}>
      <QuizResult quiz={quiz as never} courseId="c1" kind="post" />
    </IntlProvider>,
  );
  stop = () => {
    view.unmount();
    quiz.stop();
  };
}

describe('quiz result: the score ring and the text', () => {
  for (const [locale, label] of [
    ['ar', 'النتيجة: '],
    ['en', 'Score: '],
  ] as const) {
    for (const score of [80, 100, 67]) {
      it(`${locale}: ${score} reads the same in the ring and in the sentence, as Intl writes a percent`, () => {
        renderResult(locale, score);
        const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
          score / 100,
        );
        const ring = screen.getByTestId('score-ring');
        expect(ring.textContent).toBe(percent);
        const text = screen.getByTestId('quiz-score').textContent ?? '';
        expect(text.startsWith(`${label}${ring.textContent} · `)).toBe(true);
      });
    }
  }
});
