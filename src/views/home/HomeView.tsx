import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { Apart } from '../../app/Apart';
import { useSession } from '../../app/actors';
import { LinkButton } from '../../components/link-button';
import { pageColumn } from '../../components/page-column';
import { panel } from '../../components/panel';
import { BookIcon, UserIcon } from '../../theme/icons';
import { useDocumentTitle } from '../useDocumentTitle';

/** Below the fold, in its own chunk: the first visit does not carry it. */
const LatestArticles = lazy(() => import('../articles/LatestArticles'));
const FeaturedCourses = lazy(() => import('./FeaturedCourses'));
const FeaturedExperts = lazy(() =>
  import('../experts/FeaturedExperts').then((m) => ({ default: m.FeaturedExperts })),
);

const FEATURES = [
  { key: 'anonymous', Icon: UserIcon },
  { key: 'courses', Icon: BookIcon },
  { key: 'experts', Icon: ChatIcon },
] as const;

/** Where an organisation goes from the front page. */
const PROGRAMS = [
  ['/programs', 'home.programs.programs', 'outline'],
  ['/partnerships', 'home.programs.partnerships', 'ghost'],
] as const;

function ChatIcon(props: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" strokeLinejoin="round" />
    </svg>
  );
}

// plain css() (no slot recipe): the front page is the only one that used sva, so its first visit
// carried sva's runtime for it
const heroRoot = css({
  bgGradient: 'to-b',
  gradientFrom: 'accent.subtle',
  gradientTo: 'bg.canvas',
  px: { base: '4', md: '6' },
  py: { base: '12', md: '20' },
});
const heroTitle = css({
  fontSize: { base: '3xl', md: '5xl' },
  fontWeight: 'bold',
  color: 'accent.fg',
  lineHeight: 'tight',
});
const heroBody = css({ mt: '5', fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', textWrap: 'pretty' });
const actions = css({ mt: '8', display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '3' });
const title = css({ fontSize: '2xl', fontWeight: 'bold', textAlign: 'center', color: 'fg.default' });
const body = css({ mt: '2', color: 'fg.muted' });
const featureIcon = css({
  display: 'inline-grid',
  placeItems: 'center',
  boxSize: '11',
  borderRadius: 'full',
  bg: 'highlight.subtle',
  color: 'highlight.fg',
  '& svg': { boxSize: '5' },
});
const band = css({
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  alignItems: { base: 'stretch', md: 'center' },
  justifyContent: 'space-between',
  gap: '6',
  p: { base: '6', md: '8' },
  bg: 'bg.subtle',
});

/** A heading and the sentence under it. */
const titled = (Tag: 'h1' | 'h2', titleId: string, bodyId: string, titleClass: string, id?: string) => (
  <>
    <Tag id={id} className={titleClass}>
      <FormattedMessage id={titleId} />
    </Tag>
    <p className={Tag === 'h1' ? heroBody : body}>
      <FormattedMessage id={bodyId} />
    </p>
  </>
);

/** The front page: what the platform is, the way in (or to her dashboard), and three promises. */
export default function HomeView() {
  useDocumentTitle('app.tagline');
  const signedIn = useSession((s) => s.matches('signedIn'));
  // "Join": the hero's first button, and the page's last word
  const join = (
    <LinkButton href="/signup" size="lg">
      <FormattedMessage id="home.hero.primary" />
    </LinkButton>
  );
  return (
    <>
      <section className={heroRoot}>
        <div className={css({ maxWidth: '3xl', mx: 'auto', textAlign: 'center' })}>
          {titled('h1', 'home.hero.title', 'home.hero.body', heroTitle)}
          <div className={actions}>
            {signedIn ? (
              <LinkButton href="/dashboard" size="lg">
                <FormattedMessage id="site.header.dashboard" />
              </LinkButton>
            ) : (
              <>
                {join}
                <LinkButton href="/login" size="lg" variant="outline">
                  <FormattedMessage id="home.hero.secondary" />
                </LinkButton>
              </>
            )}
          </div>
        </div>
      </section>
      {/* below the hero, each part hydrated apart (issue 23): the first screen is taken over first */}
      <Apart>
        <section className={pageColumn({ space: 'lg' })}>
          <h2 className={title}>
            <FormattedMessage id="home.features.title" />
          </h2>
          <ul
            className={css({
              mt: '8',
              display: 'grid',
              gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
              gap: '5',
            })}
          >
            {FEATURES.map(({ key, Icon }) => (
              <li key={key} className={cx(panel({ padding: 'none' }), css({ p: '6', boxShadow: 'sm' }))}>
                <span className={featureIcon}>
                  <Icon />
                </span>
                <h3 className={css({ mt: '4', fontSize: 'lg', fontWeight: 'semibold' })}>
                  <FormattedMessage id={`home.features.${key}.title`} />
                </h3>
                <p className={body}>
                  <FormattedMessage id={`home.features.${key}.body`} />
                </p>
              </li>
            ))}
          </ul>
        </section>
      </Apart>
      <Suspense fallback={null}>
        <FeaturedCourses />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturedExperts />
      </Suspense>
      <Suspense fallback={null}>
        <LatestArticles />
      </Suspense>
      <Apart>
        <section aria-labelledby="home-programs" className={pageColumn({ space: 'md' })}>
          <div className={cx(panel({ padding: 'none' }), band)}>
            <div>
              {titled(
                'h2',
                'home.programs.title',
                'home.programs.body',
                css({ textStyle: 'heading.lg', color: 'fg.default' }),
                'home-programs',
              )}
            </div>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', flexShrink: 0 })}>
              {PROGRAMS.map(([href, id, variant]) => (
                <LinkButton key={href} href={href} variant={variant}>
                  <FormattedMessage id={id} />
                </LinkButton>
              ))}
            </div>
          </div>
        </section>
      </Apart>
      {!signedIn && (
        <Apart>
          <section aria-labelledby="home-join" className={pageColumn({ space: 'lg' })}>
            <div
              className={css({
                textAlign: 'center',
                maxWidth: '2xl',
                mx: 'auto',
                display: 'flex',
                flexDirection: 'column',
                gap: '2',
              })}
            >
              {titled('h2', 'home.join.title', 'home.join.body', title, 'home-join')}
              <div className={actions}>{join}</div>
            </div>
          </section>
        </Apart>
      )}
    </>
  );
}
