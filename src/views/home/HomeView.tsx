import { lazy, type ReactNode, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { cx, sva } from '../../../styled-system/css';
import { useSession } from '../../app/actors';
import { LinkButtons } from '../../components/link-button';
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

function ChatIcon(props: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" strokeLinejoin="round" />
    </svg>
  );
}

const heroStyle = sva({
  slots: ['root', 'inner', 'title', 'body', 'actions'],
  base: {
    root: {
      bgGradient: 'to-b',
      gradientFrom: 'accent.subtle',
      gradientTo: 'bg.canvas',
      px: { base: '4', md: '6' },
      py: { base: '12', md: '20' },
    },
    inner: { maxWidth: '3xl', mx: 'auto', textAlign: 'center' },
    title: {
      fontSize: { base: '3xl', md: '5xl' },
      fontWeight: 'bold',
      color: 'accent.fg',
      lineHeight: 'tight',
    },
    body: { mt: '5', fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', textWrap: 'pretty' },
    actions: { mt: '8', display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '3' },
  },
});

const features = sva({
  slots: ['title', 'list', 'item', 'icon', 'name', 'body', 'band', 'bandTitle', 'bandActions', 'join'],
  base: {
    title: { fontSize: '2xl', fontWeight: 'bold', textAlign: 'center', color: 'fg.default' },
    list: { mt: '8', display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '5' },
    item: { p: '6', boxShadow: 'sm' },
    icon: {
      display: 'inline-grid',
      placeItems: 'center',
      boxSize: '11',
      borderRadius: 'full',
      bg: 'highlight.subtle',
      color: 'highlight.fg',
      '& svg': { boxSize: '5' },
    },
    name: { mt: '4', fontSize: 'lg', fontWeight: 'semibold' },
    body: { mt: '2', color: 'fg.muted' },
    band: {
      display: 'flex',
      flexDirection: { base: 'column', md: 'row' },
      alignItems: { base: 'stretch', md: 'center' },
      justifyContent: 'space-between',
      gap: '6',
      p: { base: '6', md: '8' },
      bg: 'bg.subtle',
    },
    bandTitle: { textStyle: 'heading.lg', color: 'fg.default' },
    bandActions: { display: 'flex', flexWrap: 'wrap', gap: '3', flexShrink: 0 },
    join: {
      textAlign: 'center',
      maxWidth: '2xl',
      mx: 'auto',
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
    },
  },
});

/** A title, a sentence and buttons: the hero's (its h1), or the invitation to join's. */
function Pitch({
  hero,
  id,
  titleId,
  bodyId,
  children,
}: {
  hero?: boolean;
  id?: string;
  titleId: string;
  bodyId: string;
  children: ReactNode;
}) {
  const Title = hero ? 'h1' : 'h2';
  const h = heroStyle();
  const f = features();
  return (
    <>
      <Title id={id} className={hero ? h.title : f.title}>
        <FormattedMessage id={titleId} />
      </Title>
      <p className={hero ? h.body : f.body}>
        <FormattedMessage id={bodyId} />
      </p>
      <div className={h.actions}>{children}</div>
    </>
  );
}

/** The front page: what the platform is, the way in (or to her dashboard), and three promises. */
export default function HomeView() {
  useDocumentTitle('app.tagline');
  const signedIn = useSession((s) => s.matches('signedIn'));
  const h = heroStyle();
  const f = features();
  return (
    <>
      <section className={h.root}>
        <div className={h.inner}>
          <Pitch hero titleId="home.hero.title" bodyId="home.hero.body">
            <LinkButtons
              size="lg"
              links={
                signedIn
                  ? [['/dashboard', 'site.header.dashboard']]
                  : [
                      ['/signup', 'home.hero.primary'],
                      ['/login', 'home.hero.secondary', 'outline'],
                    ]
              }
            />
          </Pitch>
        </div>
      </section>
      <section className={pageColumn({ space: 'lg' })}>
        <h2 className={f.title}>
          <FormattedMessage id="home.features.title" />
        </h2>
        <ul className={f.list}>
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className={cx(panel({ padding: 'none' }), f.item)}>
              <span className={f.icon}>
                <Icon />
              </span>
              <h3 className={f.name}>
                <FormattedMessage id={`home.features.${key}.title`} />
              </h3>
              <p className={f.body}>
                <FormattedMessage id={`home.features.${key}.body`} />
              </p>
            </li>
          ))}
        </ul>
      </section>
      <Suspense fallback={null}>
        <FeaturedCourses />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturedExperts />
      </Suspense>
      <Suspense fallback={null}>
        <LatestArticles />
      </Suspense>
      <section aria-labelledby="home-programs" className={pageColumn({ space: 'md' })}>
        <div className={cx(panel({ padding: 'none' }), f.band)}>
          <div>
            <h2 id="home-programs" className={f.bandTitle}>
              <FormattedMessage id="home.programs.title" />
            </h2>
            <p className={f.body}>
              <FormattedMessage id="home.programs.body" />
            </p>
          </div>
          <div className={f.bandActions}>
            <LinkButtons
              links={[
                ['/programs', 'home.programs.programs', 'outline'],
                ['/partnerships', 'home.programs.partnerships', 'ghost'],
              ]}
            />
          </div>
        </div>
      </section>
      {!signedIn && (
        <section aria-labelledby="home-join" className={pageColumn({ space: 'lg' })}>
          <div className={f.join}>
            <Pitch id="home-join" titleId="home.join.title" bodyId="home.join.body">
              <LinkButtons size="lg" links={[['/signup', 'home.hero.primary']]} />
            </Pitch>
          </div>
        </section>
      )}
    </>
  );
}
