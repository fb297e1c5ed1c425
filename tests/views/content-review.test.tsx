import arCore from 'virtual:messages/ar';
import arArticles from 'virtual:messages/ar/articles';
import arLearning from 'virtual:messages/ar/learning';
import enCore from 'virtual:messages/en';
import enArticles from 'virtual:messages/en/articles';
import enLearning from 'virtual:messages/en/learning';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { Block } from '../../contract/learning';
import type { Locale } from '../../machines/types';
import { ContentReview } from '../../src/components/content-review';
import { AboutPanel } from '../../src/views/course/AboutPanel';
import { LessonBody } from '../../src/views/learn/LessonBody';
import { CONTENT_REVIEW, memberCourse } from './course-fixtures';

/**
 * Issue 24, item 4: a course's About panel and an article say who checked them, when, and against
 * what, in her language (dates as Intl writes them, each body named by its translated name, each
 * document by its published English title); site links in a lesson or an article are in-app links.
 */
type Messages = Record<string, MessageFormatElement[]>;
const MESSAGES: Record<'learning' | 'articles', Record<Locale, Messages>> = {
  learning: {
    en: { ...enCore, ...enLearning } as never,
    ar: { ...arCore, ...arLearning } as never,
  },
  articles: {
    en: { ...enCore, ...enArticles } as never,
    ar: { ...arCore, ...arArticles } as never,
  },
};

afterEach(cleanup);

function renderIn(locale: Locale, bundle: 'learning' | 'articles', ui: ReactNode) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={MESSAGES[bundle][locale]} onError={() => {}}>
      <div dir={locale === 'ar' ? 'rtl' : 'ltr'}>{ui}</div>
    </IntlProvider>,
  );
}

const day = (d: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
const month = (d: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${d}T00:00:00Z`),
  );

const EXPECTED = {
  en: {
    title: 'Where this information comes from',
    reviewed: `Reviewed on ${day('2026-11-28', 'en')} by our health content team`,
    next: `Next review ${month('2027-11-28', 'en')}`,
    sources: 'Sources',
    who: 'World Health Organization (WHO)',
  },
  ar: {
    title: 'مصادر هذه المعلومات',
    reviewed: `راجع فريق المحتوى الصحي لدينا هذه الصفحة في ${day('2026-11-28', 'ar')}`,
    next: `المراجعة القادمة: ${month('2027-11-28', 'ar')}`,
    sources: 'المصادر',
    who: 'منظمة الصحة العالمية (WHO)',
  },
} as const;

describe('the review block', () => {
  for (const locale of ['en', 'ar'] as const) {
    for (const bundle of ['learning', 'articles'] as const) {
      it(`${locale}, with the ${bundle} messages: dates, bodies and titles`, () => {
        renderIn(locale, bundle, <ContentReview review={CONTENT_REVIEW} />);
        const block = screen.getByRole('region', { name: EXPECTED[locale].title });
        expect(block).toBe(screen.getByTestId('content-review'));
        expect(within(block).getByRole('heading', { level: 2 })).toHaveTextContent(EXPECTED[locale].title);
        expect(block).toHaveTextContent(EXPECTED[locale].reviewed);
        expect(block).toHaveTextContent(EXPECTED[locale].next);
        const times = block.querySelectorAll('time');
        expect([...times].map((t) => t.getAttribute('datetime'))).toEqual(['2026-11-28', '2027-11']);
        // the sources: a list named by its heading, each body in her language, each title as published
        const list = within(block).getByRole('list', { name: EXPECTED[locale].sources });
        const items = within(list).getAllByRole('listitem');
        expect(items).toHaveLength(2);
        expect(items[0]).toHaveTextContent(
          `${EXPECTED[locale].who} — Family planning: a global handbook for providers (2022)`,
        );
        const cite = items[0].querySelector('cite');
        expect(cite).toHaveAttribute('lang', 'en');
        expect(cite).toHaveAttribute('dir', 'ltr');
        if (locale === 'ar') {
          expect(items[1]).toHaveTextContent('المعهد الوطني البريطاني للصحة والتميّز في الرعاية (NICE)');
        }
      });
    }
  }

  it('shows nothing for a page with no recorded review', () => {
    renderIn('en', 'learning', <ContentReview review={null} />);
    expect(screen.queryByTestId('content-review')).toBeNull();
  });

  it("is part of a course's About panel, in both languages", () => {
    for (const locale of ['en', 'ar'] as const) {
      const view = renderIn(locale, 'learning', <AboutPanel course={memberCourse(null)} />);
      const about = screen.getByTestId('panel-about');
      expect(within(about).getByTestId('content-review')).toHaveTextContent(EXPECTED[locale].reviewed);
      view.unmount();
    }
  });
});

describe('site links in a lesson or an article', () => {
  const body: Block[] = [
    {
      t: 'p',
      c: [
        { t: 'text', v: 'See ' },
        { t: 'link', v: 'Staying safe', href: '/safeguarding' },
        { t: 'text', v: ' and ' },
        // never made by the loader; the view shows such a run as text, not as a link
        { t: 'link', v: 'this', href: 'javascript:alert(1)' },
        { t: 'text', v: ' or ' },
        { t: 'link', v: 'that', href: '//evil.example' },
      ],
    },
  ];

  it('a path of this site is a link; anything else is text', () => {
    renderIn('en', 'articles', <LessonBody blocks={body} sectionLevel={2} />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Staying safe');
    expect(links[0]).toHaveAttribute('href', '/safeguarding');
    expect(screen.getByTestId('lesson-body')).toHaveTextContent('See Staying safe and this or that');
    expect(document.querySelector('a[href^="javascript"], a[href^="//"]')).toBeNull();
  });
});
