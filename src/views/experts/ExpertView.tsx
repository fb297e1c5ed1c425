import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import type { ConsultationOffer, ExpertProfile } from '../../../contract/experts';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { pageColumn } from '../../components/page-column';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import {
  AlertIcon,
  ArrowStartIcon,
  BookIcon,
  CheckIcon,
  ClockIcon,
  InfoIcon,
  LanguagesIcon,
} from '../../theme/icons';
import { formatDuration, formatMoney } from '../courses/format';
import { usePageMeta } from '../site-page';
import { useDocumentTitleText } from '../useDocumentTitle';
import { ExpertAvatar, languageList, ModeChips, specialtyName, useExpertsActor } from './parts';

const BookingPanel = lazy(() => import('../booking/BookingPanel'));

const sectionTitle = css({ textStyle: 'heading.md', color: 'fg.default' });
const section = css({ display: 'flex', flexDirection: 'column', gap: '3' });

function BackLink() {
  return (
    <Link
      href="/experts"
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1.5',
        color: 'accent.fg',
        fontWeight: '600',
        textDecoration: 'none',
        borderRadius: 'sm',
        _hover: { textDecoration: 'underline' },
        '& svg': { boxSize: '4' },
      })}
    >
      <ArrowStartIcon aria-hidden="true" />
      <FormattedMessage id="experts.profile.back" />
    </Link>
  );
}

/** One consultation type: what it is, how long, and its price ("Free" for the discovery call). */
function Offer({ offer }: { offer: ConsultationOffer }) {
  const intl = useIntl();
  const discovery = offer.kind === 'discovery';
  const price = discovery
    ? intl.formatMessage({ id: 'experts.profile.offer.free' })
    : formatMoney(intl, offer.price);
  return (
    <li
      data-testid={`offer-${offer.id}`}
      className={cx(
        panel({ tone: discovery ? 'accent' : 'subtle', padding: 'md' }),
        css({ display: 'flex', flexDirection: 'column', gap: '2', height: 'full' }),
      )}
    >
      <h3 className={css({ textStyle: 'heading.sm' })}>
        <FormattedMessage
          id={discovery ? 'experts.profile.offer.discovery' : 'experts.profile.offer.consultation'}
        />
      </h3>
      <p
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '1.5',
          color: 'fg.muted',
          textStyle: 'body.sm',
          '& svg': { boxSize: '4' },
        })}
      >
        <ClockIcon aria-hidden="true" />
        {formatDuration(intl, offer.minutes)}
      </p>
      <p className={css({ textStyle: 'body.sm', color: 'fg.muted', flex: '1' })}>
        <FormattedMessage
          id={discovery ? 'experts.profile.offer.discoveryBody' : 'experts.profile.offer.consultationBody'}
        />
      </p>
      <p
        className={css({
          fontSize: 'xl',
          fontWeight: '700',
          color: discovery ? 'success.fg' : 'fg.default',
        })}
        data-testid="offer-price"
      >
        <span className={css({ srOnly: true })}>
          {intl.formatMessage({ id: 'experts.profile.offer.price' }, { price })}
        </span>
        <span aria-hidden="true">{price}</span>
      </p>
    </li>
  );
}

function Profile({ expert, refreshing }: { expert: ExpertProfile; refreshing: boolean }) {
  const intl = useIntl();
  return (
    <article
      aria-busy={refreshing}
      data-testid="expert-profile"
      className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}
    >
      <header
        className={cx(
          panel({ tone: 'strong', padding: 'lg' }),
          css({
            display: 'flex',
            flexDirection: { base: 'column', sm: 'row' },
            alignItems: { base: 'flex-start', sm: 'center' },
            gap: '5',
          }),
        )}
      >
        <ExpertAvatar avatar={expert.avatar} size="lg" />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' })}>
          <h1
            id="expert-heading"
            tabIndex={-1}
            className={css({ textStyle: 'heading.xl', color: 'accent.fg', outline: 'none' })}
          >
            {expert.name}
          </h1>
          <p className={css({ fontWeight: '600', textStyle: 'body.lg' })}>{expert.title}</p>
          <p
            className={css({
              textStyle: 'caption',
              fontWeight: '600',
              color: 'accent.fg',
              textTransform: 'uppercase',
              letterSpacing: '0.04em',
              _arabic: { textTransform: 'none', letterSpacing: '0', fontSize: 'sm' },
            })}
          >
            {specialtyName(intl, expert.specialty)}
          </p>
        </div>
      </header>

      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gap: { base: '8', lg: '10' },
          alignItems: 'start',
        })}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '8', minWidth: '0' })}>
          <section aria-labelledby="expert-about" className={section}>
            <h2 id="expert-about" className={sectionTitle}>
              <FormattedMessage id="experts.profile.about" />
            </h2>
            <p className={css({ textStyle: 'body.md', maxWidth: '70ch', textWrap: 'pretty' })}>
              {expert.bio}
            </p>
          </section>

          <section aria-labelledby="expert-consultations" className={section} data-testid="expert-offers">
            <h2 id="expert-consultations" className={sectionTitle}>
              <FormattedMessage id="experts.profile.consultations" />
            </h2>
            <ul
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
                gap: '4',
                listStyle: 'none',
                p: '0',
                m: '0',
              })}
            >
              {expert.offers.map((offer) => (
                <Offer key={offer.id} offer={offer} />
              ))}
            </ul>
            {/* booking (issue 10): its own chunk, loaded with the profile */}
            <Suspense fallback={<Skeleton className={css({ height: '64' })} />}>
              <BookingPanel expert={expert} />
            </Suspense>
          </section>
        </div>

        <aside className={css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' })}>
          <section
            aria-labelledby="expert-qualifications"
            className={cx(panel({ padding: 'md' }), section)}
            data-testid="expert-qualifications"
          >
            <h2 id="expert-qualifications" className={css({ textStyle: 'heading.sm' })}>
              <FormattedMessage id="experts.profile.qualifications" />
            </h2>
            <ul
              className={css({
                display: 'flex',
                flexDirection: 'column',
                gap: '2',
                listStyle: 'none',
                p: '0',
              })}
            >
              {expert.qualifications.map((q) => (
                <li
                  key={q}
                  className={css({
                    display: 'flex',
                    gap: '2',
                    alignItems: 'flex-start',
                    '& svg': { boxSize: '4', flexShrink: '0', mt: '1', color: 'success.fg' },
                  })}
                >
                  <CheckIcon aria-hidden="true" />
                  {q}
                </li>
              ))}
            </ul>
          </section>

          <div
            className={cx(
              panel({ padding: 'md' }),
              css({ display: 'flex', flexDirection: 'column', gap: '5' }),
            )}
          >
            <section aria-labelledby="expert-languages" className={section}>
              <h2 id="expert-languages" className={css({ textStyle: 'heading.sm' })}>
                <FormattedMessage id="experts.profile.languages" />
              </h2>
              <p
                className={css({
                  display: 'flex',
                  gap: '2',
                  alignItems: 'center',
                  '& svg': { boxSize: '4.5', flexShrink: '0', color: 'fg.muted' },
                })}
              >
                <LanguagesIcon aria-hidden="true" />
                {languageList(intl, expert.languages)}
              </p>
            </section>
            <section aria-labelledby="expert-modes" className={section}>
              <h2 id="expert-modes" className={css({ textStyle: 'heading.sm' })}>
                <FormattedMessage id="experts.profile.modes" />
              </h2>
              <ModeChips modes={expert.modes} />
            </section>
          </div>

          {expert.courses.length > 0 && (
            <section
              aria-labelledby="expert-courses"
              className={cx(panel({ padding: 'md' }), section)}
              data-testid="expert-courses"
            >
              <h2 id="expert-courses" className={css({ textStyle: 'heading.sm' })}>
                <FormattedMessage id="experts.profile.courses" />
              </h2>
              <ul
                className={css({
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '2',
                  listStyle: 'none',
                  p: '0',
                })}
              >
                {expert.courses.map((c) => (
                  <li key={c.id}>
                    <Link
                      href={`/courses/${encodeURIComponent(c.id)}`}
                      className={css({
                        display: 'flex',
                        gap: '2',
                        alignItems: 'flex-start',
                        color: 'accent.fg',
                        fontWeight: '600',
                        textDecoration: 'none',
                        _hover: { textDecoration: 'underline' },
                        '& svg': { boxSize: '4', flexShrink: '0', mt: '1' },
                      })}
                    >
                      <BookIcon aria-hidden="true" />
                      {c.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>

      <p
        className={css({
          display: 'flex',
          gap: '2',
          alignItems: 'flex-start',
          color: 'fg.muted',
          textStyle: 'body.sm',
          maxWidth: '4xl',
          '& svg': { boxSize: '4.5', flexShrink: '0', mt: '0.5' },
        })}
      >
        <InfoIcon aria-hidden="true" />
        <FormattedMessage id="experts.note" />
      </p>
    </article>
  );
}

function ProfileSkeleton() {
  return (
    <LoadingState label={<FormattedMessage id="experts.profile.loading" />} data-testid="expert-loading">
      <div className={cx(panel({ tone: 'strong', padding: 'lg' }), css({ display: 'flex', gap: '5' }))}>
        <Skeleton className={css({ width: '20', height: '20', borderRadius: 'full', flexShrink: '0' })} />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', flex: '1' })}>
          <Skeleton className={css({ width: '1/2', height: '8' })} />
          <Skeleton className={css({ width: '1/3', height: '5' })} />
        </div>
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '8' })}>
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: '2/3', height: '4' })} />
      </div>
    </LoadingState>
  );
}

/** One expert, /experts/:id (issue 9): bio, qualifications, languages, call types, consultations, her courses. */
export default function ExpertView() {
  usePageMeta('experts.profile.meta.title', 'experts.profile.meta.description');
  const { id } = useParams<{ id: string }>();
  const [input] = useState(() => ({ expertId: id }));
  const experts = useExpertsActor(input);
  const loading = useSelector(experts, (s) => s.hasTag('step:loading'));
  const failed = useSelector(experts, (s) => s.hasTag('step:failed'));
  const notFound = useSelector(experts, (s) => s.hasTag('step:notFound'));
  const expert = useSelector(experts, (s) => (s.hasTag('step:ready') ? s.context.expert : null));
  const refreshing = useSelector(experts, (s) => s.hasTag('step:refreshing'));
  const intl = useIntl();
  useDocumentTitleText(
    expert?.name ?? (notFound ? intl.formatMessage({ id: 'experts.profile.notFound.title' }) : null),
  );

  // another expert's address while this screen is open (a link from one profile to another)
  useEffect(() => {
    experts.send({ type: 'experts.open', expertId: id });
  }, [id, experts]);

  return (
    <div className={cx(pageColumn(), css({ display: 'flex', flexDirection: 'column', gap: '6' }))}>
      <BackLink />
      {loading && <ProfileSkeleton />}
      {failed && (
        <div data-testid="expert-error">
          <EmptyState
            icon={<AlertIcon />}
            titleAs="h1"
            title={<span role="alert">{intl.formatMessage({ id: 'experts.profile.error' })}</span>}
            action={
              <Button type="button" onClick={() => experts.send({ type: 'experts.retry' })}>
                <FormattedMessage id="experts.retry" />
              </Button>
            }
          />
        </div>
      )}
      {notFound && (
        <div data-testid="expert-not-found">
          <EmptyState
            icon={<InfoIcon />}
            titleAs="h1"
            title={<FormattedMessage id="experts.profile.notFound.title" />}
            description={<FormattedMessage id="experts.profile.notFound.body" />}
            action={
              <LinkButton href="/experts">
                <FormattedMessage id="experts.profile.back" />
              </LinkButton>
            }
          />
        </div>
      )}
      {expert && <Profile expert={expert} refreshing={refreshing} />}
    </div>
  );
}
