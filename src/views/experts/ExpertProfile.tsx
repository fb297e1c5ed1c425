import { lazy, type ReactNode, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ConsultationOffer, ExpertProfile as Expert } from '../../../contract/experts';
import { css, cx } from '../../../styled-system/css';
import { grid, hstack, stack } from '../../../styled-system/patterns';
import { pageTitle } from '../../components/page-header';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { BookIcon, CheckIcon, ClockIcon, LanguagesIcon } from '../../theme/icons';
import { formatDuration, formatMoney } from '../courses/format';
import {
  ExpertAvatar,
  ExpertsNote,
  iconText,
  languageList,
  ModeChips,
  lineIcon as smallIcon,
  specialtyCaption,
  specialtyName,
} from './parts';

const BookingPanel = lazy(() => import('../booking/BookingPanel'));

const section = stack({ gap: '3' });
const boxTitle = css({ textStyle: 'heading.sm' });
/** A line with its icon at the start (a tick, a book), in a list of them. */
const iconLine = css({ display: 'flex', gap: '2', alignItems: 'flex-start' });
const lineIcon = css({ boxSize: '4', flexShrink: '0', mt: '1' });
const lines = stack({ gap: '2' });

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
        stack({ gap: '2', height: 'full' }),
      )}
    >
      <h3 className={boxTitle}>
        <FormattedMessage
          id={discovery ? 'experts.profile.offer.discovery' : 'experts.profile.offer.consultation'}
        />
      </h3>
      <p className={iconText}>
        <ClockIcon aria-hidden="true" className={smallIcon} />
        {formatDuration(intl, offer.minutes)}
      </p>
      <p className={css({ textStyle: 'body.sm', color: 'fg.muted', flex: '1' })}>
        <FormattedMessage
          id={discovery ? 'experts.profile.offer.discoveryBody' : 'experts.profile.offer.consultationBody'}
        />
      </p>
      <p
        className={css({ fontSize: 'xl', fontWeight: '700', color: discovery ? 'success.fg' : 'fg.default' })}
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

/** A titled part of the profile's side column (h2), on its own panel unless `plain`. */
function Side({
  name,
  titleId,
  plain,
  children,
}: {
  /** Its heading's id is `expert-<name>`; on a panel, its test id too. */
  name: string;
  titleId: string;
  plain?: boolean;
  children: ReactNode;
}) {
  const id = `expert-${name}`;
  return (
    <section
      aria-labelledby={id}
      className={plain ? section : cx(panel({ padding: 'md' }), section)}
      data-testid={plain ? undefined : id}
    >
      <h2 id={id} className={boxTitle}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}

/** The profile, /experts/:id: who she is, her consultations (and booking), her qualifications, languages, modes, courses. */
export function ExpertProfile({ expert, refreshing }: { expert: Expert; refreshing: boolean }) {
  const intl = useIntl();
  const mainTitle = css({ textStyle: 'heading.md', color: 'fg.default' });
  return (
    <article aria-busy={refreshing} data-testid="expert-profile" className={stack({ gap: '8' })}>
      <header
        className={cx(
          panel({ tone: 'strong', padding: 'lg' }),
          stack({
            direction: { base: 'column', sm: 'row' },
            align: { base: 'flex-start', sm: 'center' },
            gap: '5',
          }),
        )}
      >
        <ExpertAvatar avatar={expert.avatar} size="lg" />
        <div className={stack({ gap: '2', minWidth: '0' })}>
          <h1 id="expert-heading" tabIndex={-1} className={pageTitle}>
            {expert.name}
          </h1>
          <p className={css({ fontWeight: '600', textStyle: 'body.lg' })}>{expert.title}</p>
          <p className={specialtyCaption}>{specialtyName(intl, expert.specialty)}</p>
        </div>
      </header>

      <div
        className={grid({
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gap: { base: '8', lg: '10' },
          alignItems: 'start',
        })}
      >
        <div className={stack({ gap: '8', minWidth: '0' })}>
          <section aria-labelledby="expert-about" className={section}>
            <h2 id="expert-about" className={mainTitle}>
              <FormattedMessage id="experts.profile.about" />
            </h2>
            <p className={css({ textStyle: 'body.md', maxWidth: '70ch', textWrap: 'pretty' })}>
              {expert.bio}
            </p>
          </section>

          <section aria-labelledby="expert-consultations" className={section} data-testid="expert-offers">
            <h2 id="expert-consultations" className={mainTitle}>
              <FormattedMessage id="experts.profile.consultations" />
            </h2>
            <ul className={grid({ columns: { base: 1, md: 3 }, gap: '4' })}>
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

        <aside className={stack({ gap: '6', minWidth: '0' })}>
          <Side name="qualifications" titleId="experts.profile.qualifications">
            <ul className={lines}>
              {expert.qualifications.map((q) => (
                <li key={q} className={iconLine}>
                  <CheckIcon aria-hidden="true" className={cx(lineIcon, css({ color: 'success.fg' }))} />
                  {q}
                </li>
              ))}
            </ul>
          </Side>

          <div className={cx(panel({ padding: 'md' }), stack({ gap: '5' }))}>
            <Side name="languages" titleId="experts.profile.languages" plain>
              <p className={hstack({ gap: '2' })}>
                <LanguagesIcon
                  aria-hidden="true"
                  className={css({ boxSize: '4.5', flexShrink: '0', color: 'fg.muted' })}
                />
                {languageList(intl, expert.languages)}
              </p>
            </Side>
            <Side name="modes" titleId="experts.profile.modes" plain>
              <ModeChips modes={expert.modes} />
            </Side>
          </div>

          {expert.courses.length > 0 && (
            <Side name="courses" titleId="experts.profile.courses">
              <ul className={lines}>
                {expert.courses.map((c) => (
                  <li key={c.id}>
                    <Link
                      href={`/courses/${encodeURIComponent(c.id)}`}
                      className={cx(
                        iconLine,
                        css({
                          color: 'accent.fg',
                          fontWeight: '600',
                          _hover: { textDecoration: 'underline' },
                        }),
                      )}
                    >
                      <BookIcon aria-hidden="true" className={lineIcon} />
                      {c.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </Side>
          )}
        </aside>
      </div>

      <ExpertsNote />
    </article>
  );
}
