import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ExpertCard as ExpertCardData } from '../../../contract/experts';
import type { CallMode } from '../../../contract/experts-constants';
import { type ExpertsInput, expertsMachine } from '../../../machines/experts';
import { css, cx } from '../../../styled-system/css';
import { fetchExpert, fetchExperts } from '../../api/experts';
import { useScreenOverrides } from '../../app/actors';
import { useScreenActor } from '../../app/ssr';
import { useLocaleChange } from '../../app/useLocaleChange';
import * as Avatar from '../../components/avatar';
import * as Card from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { type IconProps, LanguagesIcon, Svg } from '../../theme/icons';
import { formatMoney } from '../courses/format';

/**
 * What the experts screens share: their actor (the real actors, or a test's through
 * <RootProvider screens={{ experts }}>), fetched again when the language changes; the expert card;
 * the names of languages, specialties and call modes in her language.
 */
export function useExpertsActor(input: ExpertsInput) {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = expertsMachine.provide({ actors: { fetchExperts, fetchExpert } });
    return overrides.experts ? real.provide(overrides.experts) : real;
  });
  const actor = useScreenActor(logic, { input, inspect: overrides.inspect });
  // names, titles and bios come in the request's language: fetch again after a switch
  useLocaleChange(() => actor.send({ type: 'experts.localeChanged' }));
  return actor;
}

/** "Arabic", "French" / "العربية", "الفرنسية": a language's name in her language. */
export function languageName(intl: Pick<IntlShape, 'locale'>, code: string): string {
  try {
    return new Intl.DisplayNames([intl.locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Arabic, English and French" / "العربية والإنجليزية والفرنسية". */
export function languageList(intl: IntlShape, codes: readonly string[]): string {
  return intl.formatList(
    codes.map((c) => languageName(intl, c)),
    { type: 'conjunction' },
  ) as string;
}

export const specialtyName = (intl: IntlShape, specialty: string) =>
  intl.formatMessage({ id: `experts.specialty.${specialty}` });

export function PhoneIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
    </Svg>
  );
}
export function VideoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="m16 10 6-3v10l-6-3" />
    </Svg>
  );
}
export const MODE_ICONS: Record<CallMode, typeof PhoneIcon> = { voice: PhoneIcon, video: VideoIcon };

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  px: '2.5',
  py: '1',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.fg',
  fontSize: 'sm',
  fontWeight: '600',
  '& svg': { boxSize: '4', flexShrink: '0' },
});

/** Her call modes as small labelled chips ("Voice call", "Video call"). */
export function ModeChips({ modes }: { modes: readonly CallMode[] }) {
  const intl = useIntl();
  return (
    <ul
      aria-label={intl.formatMessage({ id: 'experts.card.modes' })}
      className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' })}
    >
      {modes.map((mode) => {
        const Icon = MODE_ICONS[mode];
        return (
          <li key={mode} className={chip} data-testid={`mode-${mode}`}>
            <Icon />
            {intl.formatMessage({ id: `experts.mode.${mode}` })}
          </li>
        );
      })}
    </ul>
  );
}

/** Her avatar (the product's avatars; a person icon until it loads). */
export function ExpertAvatar({ avatar, size }: { avatar: ExpertCardData['avatar']; size: 'sm' | 'lg' }) {
  const box = size === 'lg' ? { base: '20', md: '24' } : '14';
  return (
    <Avatar.Root
      size="lg"
      className={css({ width: box, height: box, flexShrink: '0', bg: 'highlight.subtle' })}
    >
      <Avatar.Fallback />
      {avatar && <Avatar.Image src={avatar.url} alt="" />}
    </Avatar.Root>
  );
}

/**
 * One expert in the directory (and on the home page): the whole card is one link to her page (her
 * name's link is stretched over it), so it is a single stop for the keyboard and a large target.
 */
export function ExpertCard({
  expert,
  headingLevel = 'h2',
}: {
  expert: ExpertCardData;
  headingLevel?: 'h2' | 'h3';
}) {
  const intl = useIntl();
  const from = formatMoney(intl, expert.fromPrice);
  return (
    <Card.Root interactive className={css({ height: 'full' })} data-testid="expert-card">
      <Card.Header className={css({ flexDirection: 'row', gap: '4', alignItems: 'center' })}>
        <ExpertAvatar avatar={expert.avatar} size="sm" />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
          <Card.Title as={headingLevel} className={css({ textStyle: 'heading.sm' })}>
            <Link
              href={`/experts/${encodeURIComponent(expert.id)}`}
              className={css({
                color: 'fg.default',
                textDecoration: 'none',
                outline: 'none',
                _hover: { color: 'accent.fg', textDecoration: 'underline' },
                _after: { content: '""', position: 'absolute', inset: '0', zIndex: '1' },
              })}
            >
              {expert.name}
            </Link>
          </Card.Title>
          <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>{expert.title}</p>
        </div>
      </Card.Header>
      <Card.Body className={css({ gap: '3' })}>
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
        <p
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            color: 'fg.muted',
            textStyle: 'body.sm',
            '& svg': { boxSize: '4', flexShrink: '0' },
          })}
        >
          <LanguagesIcon aria-hidden="true" />
          {intl.formatMessage(
            { id: 'experts.card.languages' },
            { languages: languageList(intl, expert.languages) },
          )}
        </p>
        <ModeChips modes={expert.modes} />
      </Card.Body>
      <Card.Footer
        className={css({
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: '1',
          borderTopWidth: '1px',
          borderColor: 'border.subtle',
          pt: '4',
        })}
      >
        <p
          className={css({ fontWeight: '700', fontSize: 'lg', color: 'fg.default' })}
          data-testid="from-price"
        >
          <span className={css({ srOnly: true })}>
            {intl.formatMessage({ id: 'experts.card.fromLabel' }, { price: from })}
          </span>
          <span aria-hidden="true">{intl.formatMessage({ id: 'experts.card.from' }, { price: from })}</span>
        </p>
        <p className={css({ color: 'success.fg', textStyle: 'body.sm', fontWeight: '600' })}>
          {intl.formatMessage({ id: 'experts.card.discovery' })}
        </p>
      </Card.Footer>
    </Card.Root>
  );
}

/** The card's shape while the list loads. */
export function ExpertCardSkeleton() {
  return (
    <Card.Root className={css({ height: 'full' })} data-testid="expert-card-skeleton">
      <Card.Header className={css({ flexDirection: 'row', gap: '4', alignItems: 'center' })}>
        <Skeleton className={css({ width: '14', height: '14', borderRadius: 'full', flexShrink: '0' })} />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1' })}>
          <Skeleton className={css({ width: '3/4', height: '5' })} />
          <Skeleton className={css({ width: '1/2', height: '4' })} />
        </div>
      </Card.Header>
      <Card.Body>
        <Skeleton className={css({ width: '1/3', height: '4' })} />
        <Skeleton className={css({ width: '2/3', height: '4' })} />
        <Skeleton className={css({ width: '1/2', height: '6' })} />
      </Card.Body>
    </Card.Root>
  );
}

export const expertGrid = cx(
  css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
    listStyle: 'none',
    p: '0',
    m: '0',
  }),
);
