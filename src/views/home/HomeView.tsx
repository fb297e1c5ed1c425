import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { useSession } from '../../app/actors';
import { button } from '../../components/button';
import { BookIcon, UserIcon } from '../../theme/icons';
import { useDocumentTitle } from '../useDocumentTitle';

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

export default function HomeView() {
  useDocumentTitle('app.tagline');
  const signedIn = useSession((s) => s.matches('signedIn'));
  return (
    <>
      <section
        className={css({
          bgGradient: 'to-b',
          gradientFrom: 'accent.subtle',
          gradientTo: 'bg.canvas',
          px: { base: '4', md: '6' },
          py: { base: '12', md: '20' },
        })}
      >
        <div className={css({ maxWidth: '3xl', mx: 'auto', textAlign: 'center' })}>
          <h1
            className={css({
              fontSize: { base: '3xl', md: '5xl' },
              fontWeight: 'bold',
              color: 'accent.fg',
              lineHeight: 'tight',
              textWrap: 'balance',
            })}
          >
            <FormattedMessage id="home.hero.title" />
          </h1>
          <p
            className={css({
              mt: '5',
              fontSize: { base: 'md', md: 'lg' },
              color: 'fg.muted',
              textWrap: 'pretty',
            })}
          >
            <FormattedMessage id="home.hero.body" />
          </p>
          <div
            className={css({
              mt: '8',
              display: 'flex',
              gap: '3',
              justifyContent: 'center',
              flexWrap: 'wrap',
            })}
          >
            {signedIn ? (
              <Link href="/dashboard" className={button({ size: 'lg' })}>
                <FormattedMessage id="site.header.dashboard" />
              </Link>
            ) : (
              <>
                <Link href="/signup" className={button({ size: 'lg' })}>
                  <FormattedMessage id="home.hero.primary" />
                </Link>
                <Link href="/login" className={button({ size: 'lg', variant: 'outline' })}>
                  <FormattedMessage id="home.hero.secondary" />
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
      <section
        className={css({
          maxWidth: '6xl',
          mx: 'auto',
          px: { base: '4', md: '6' },
          py: { base: '10', md: '16' },
        })}
      >
        <h2
          className={css({ fontSize: '2xl', fontWeight: 'bold', textAlign: 'center', color: 'fg.default' })}
        >
          <FormattedMessage id="home.features.title" />
        </h2>
        <ul
          className={css({
            mt: '8',
            display: 'grid',
            gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
            gap: '5',
            listStyle: 'none',
            p: 0,
          })}
        >
          {FEATURES.map(({ key, Icon }) => (
            <li
              key={key}
              className={css({
                bg: 'bg.surface',
                borderRadius: 'lg',
                borderWidth: '1px',
                borderColor: 'border.subtle',
                p: '6',
                boxShadow: 'sm',
              })}
            >
              <span
                className={css({
                  display: 'inline-grid',
                  placeItems: 'center',
                  boxSize: '11',
                  borderRadius: 'full',
                  bg: 'highlight.subtle',
                  color: 'highlight.fg',
                  '& svg': { boxSize: '5' },
                })}
              >
                <Icon />
              </span>
              <h3 className={css({ mt: '4', fontSize: 'lg', fontWeight: 'semibold' })}>
                <FormattedMessage id={`home.features.${key}.title`} />
              </h3>
              <p className={css({ mt: '2', color: 'fg.muted' })}>
                <FormattedMessage id={`home.features.${key}.body`} />
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
